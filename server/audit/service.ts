import type { Db } from '../db/database.ts'
import { timeOrderedId } from '../db/ids.ts'
import { renderAuditMessage, type AuditEntry } from './messages.ts'

export type AuditServiceDeps = { db: Db }

/**
 * The audit log's writer: every service that logs an action receives it. The stored message is
 * English, kept with its template so that the admin reads each entry in their own language.
 */
export function createAuditService({ db }: AuditServiceDeps) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          id: timeOrderedId(),
          kind: entry.kind,
          actor_id: entry.actorId ?? null,
          subject_id: entry.subjectId ?? null,
          message: renderAuditMessage(entry.message, 'en'),
          message_template: JSON.stringify(entry.message),
          data: entry.data ? JSON.stringify(entry.data) : null,
          ip: entry.ip ?? null,
          created_at: new Date().toISOString(),
        })
        .execute()
    },
  }
}

export type AuditService = ReturnType<typeof createAuditService>
