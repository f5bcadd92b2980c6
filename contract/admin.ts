import { z } from 'zod'
import { Profile } from './user.ts'

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

const pageNumber = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback)

export const LogQuery = z.object({
  kind: z.string().max(64).optional(),
  page: pageNumber(1, 1_000_000),
  pageSize: pageNumber(20, 100),
})
export type LogQuery = z.infer<typeof LogQuery>

/** What the audit log records; a line's `kind` is one of these. */
export type AuditKind =
  | 'auth.sign-in'
  | 'auth.sign-in-failed'
  | 'auth.password-reset'
  | 'admin.user-updated'
  | 'admin.user-deactivated'
  | 'admin.user-reactivated'
  | 'admin.user-deleted'
  | 'admin.notifications-toggled'
  | 'admin.property-changed'
  | 'sync.failed'

export const LogEntry = z.object({
  id: z.string(),
  kind: z.string(),
  actorId: z.string().nullable(),
  subjectId: z.string().nullable(),
  message: z.string(),
  data: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
})
export type LogEntry = z.infer<typeof LogEntry>

export const LogPage = z.object({
  items: z.array(LogEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
})
export type LogPage = z.infer<typeof LogPage>
