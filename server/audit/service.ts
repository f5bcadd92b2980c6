import type { Db } from '../db/database.ts'
import { timeOrderedId } from '../db/ids.ts'

export type AuditKind =
  | 'auth.sign-in'
  | 'auth.sign-in-failed'
  | 'auth.password-reset'
  | 'admin.user-updated'
  | 'admin.user-deactivated'
  | 'admin.user-deleted'
  | 'admin.notifications-toggled'
  | 'admin.property-changed'
  | 'sync.failed'

export type AuditEntry = {
  kind: AuditKind
  message: string
  actorId?: string | null
  subjectId?: string | null
  data?: Record<string, unknown>
  ip?: string | null
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: timeOrderedId(),
      kind: entry.kind,
      actor_id: entry.actorId ?? null,
      subject_id: entry.subjectId ?? null,
      message: entry.message,
      data: entry.data ? JSON.stringify(entry.data) : null,
      ip: entry.ip ?? null,
      created_at: new Date().toISOString(),
    })
    .execute()
}
