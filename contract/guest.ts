import { z } from 'zod'
import { PAGE_SIZES } from '../src/domain/pageSizes.ts'

/** A guest (docs/product.md §3.7); feeds carry no contact details, so e-mail and phone are null. */
export const Guest = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  totalBookings: z.number(),
  lastStay: z.string().nullable(),
  nextStay: z.string().nullable(),
  totalSpent: z.number(),
})
export type Guest = z.infer<typeof Guest>

/** A page of the guest list; `search` finds a name however its case and spacing were written. */
export const GUEST_PAGE_SIZE = PAGE_SIZES.guests
