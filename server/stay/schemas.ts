import { z } from 'zod'
import { isDateOnly } from '../../src/domain/dates.ts'
import { multiLine, singleLine } from '../../src/domain/plainText.ts'

const Day = z.string().refine(isDateOnly)
const Id = z.string().min(1).max(64)

/** Issue 13: a stay the host enters by hand: a direct booking, an owner's stay, a block. */
export const ManualStayBody = z.object({
  start: Day,
  /** The check-out day. */
  end: Day,
  kind: z.enum(['booking', 'block']),
  /** One line, and the note's breaks LF, without control characters: both reach feeds and mails. */
  guestName: z.string().overwrite(singleLine).trim().max(120).optional(),
  note: z.string().overwrite(multiLine).trim().max(500).optional(),
})
export type ManualStayBody = z.infer<typeof ManualStayBody>

export const ManualStayPatch = ManualStayBody.partial()
export type ManualStayPatch = z.infer<typeof ManualStayPatch>

export const ManualStay = z.object({
  id: z.string(),
  propertyId: z.string(),
  start: z.string(),
  end: z.string(),
  kind: z.enum(['booking', 'block']),
  guestName: z.string().nullable(),
  note: z.string().nullable(),
  platform: z.literal('Manual'),
  /** Whether it shares a night with a stay from another source. */
  conflict: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ManualStay = z.infer<typeof ManualStay>

export const StayPropertyParams = z.object({ id: Id })
export const StayParams = z.object({ id: Id, stayId: Id })
