import { z } from 'zod'
import { pageOf, pageQuery } from './paging.ts'
import { Profile } from './user.ts'
import { PAGE_SIZES } from '../src/domain/pageSizes.ts'

const Id = z.string().min(1).max(64)
export const UserParams = z.object({ userId: Id })
export const AdminPropertyParams = z.object({ propertyId: Id })
export const AdminImageParams = z.object({ propertyId: Id, imageId: Id })

/**
 * A user of the admin list (docs/product.md §3.1): the profile without its settings, plus when the
 * account was made and the notifications flag the admin's settings dialog shows and toggles.
 */
export const ManagedUser = Profile.pick({
  id: true,
  name: true,
  email: true,
  phone: true,
  residentalAddress: true,
  accountState: true,
  isAdmin: true,
}).extend({
  createdAt: z.string(),
  settings: Profile.shape.settings.pick({ notifications: true }),
})
export type ManagedUser = z.infer<typeof ManagedUser>

/** The shape only: a blank reason is refused by the service with a message in the reader's language. */
export const ReasonBody = z.object({ reason: z.string().max(1000) })

/** A page of the user list; `search` finds a name or an e-mail address. */
export const USER_PAGE_SIZE = PAGE_SIZES.users
export const ManagedUserPage = pageOf(ManagedUser)

export const LogQuery = pageQuery(PAGE_SIZES.logs).extend({ kind: z.string().max(64).optional() })
export type LogQuery = z.infer<typeof LogQuery>

export type { AuditKind } from '../src/domain/auditKinds.ts'

export const LogEntry = z.object({
  id: z.string(),
  kind: z.string(),
  actorId: z.string().nullable(),
  /** Who `actorId` is now: their name, else their e-mail; null for the system or a deleted account. */
  actorLabel: z.string().nullable(),
  subjectId: z.string().nullable(),
  message: z.string(),
  data: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
})
export type LogEntry = z.infer<typeof LogEntry>

export const LogPage = pageOf(LogEntry)
export type LogPage = z.infer<typeof LogPage>
