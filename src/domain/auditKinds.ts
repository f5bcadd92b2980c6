/** Every kind the audit log records, in the order the log's filter offers them. */
export const AUDIT_KINDS = [
  'auth.sign-in',
  'auth.sign-in-failed',
  'auth.password-reset',
  'admin.user-updated',
  'admin.user-deactivated',
  'admin.user-reactivated',
  'admin.user-deleted',
  'admin.notifications-toggled',
  'admin.property-changed',
  'sync.failed',
  'team.invited',
  'team.accepted',
  'team.role-changed',
  'team.removed',
  'team.left',
] as const

/** What the audit log records; a line's `kind` is one of these. */
export type AuditKind = (typeof AUDIT_KINDS)[number]
