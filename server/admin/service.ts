import type { Language } from '../../src/domain/translator.ts'
import type { DatabaseHandle, Db } from '../db/database.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { containing, lowerLike, readPage } from '../db/paging.ts'
import type { User, UserUpdate } from '../db/schema.ts'
import { badRequest, conflict, fieldError, notFound } from '../errors.ts'
import { auditEntryMessage, recordAudit } from '../audit/service.ts'
import type { PropertyService } from '../property/service.ts'
import { deactivateUnlessLastAdmin } from '../user/lastAdmin.ts'
import type { ProfileUpdate } from '../../contract/user.ts'
import { removeAccount, setNotifications } from '../user/service.ts'
import type { Page } from '../../contract/paging.ts'
import type { PageRequest } from '../web/paging.ts'
import type { AuditKind, LogEntry, LogPage, LogQuery, ManagedUser } from '../../contract/admin.ts'

export const toManagedUser = (user: User): ManagedUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  residentalAddress: user.residental_address,
  accountState: user.account_state,
  isAdmin: user.is_admin === 1,
  createdAt: user.created_at,
  settings: { notifications: user.notifications_enabled === 1 },
})

export async function findUser(db: Db, userId: string): Promise<User> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!user) throw notFound()
  return user
}

const usersInOrder = (db: Db) => db.selectFrom('users').selectAll().orderBy('created_at').orderBy('email')

/** Every account, the oldest first (the documented call without paging, docs/product.md §7.9). */
export async function listUsers(db: Db): Promise<ManagedUser[]> {
  return (await usersInOrder(db).execute()).map(toManagedUser)
}

/** A page of the accounts in the same order, narrowed to names and e-mail addresses holding `search`. */
export async function pageUsers(db: Db, request: PageRequest): Promise<Page<ManagedUser>> {
  let users = usersInOrder(db)
  if (request.search !== '') {
    const pattern = containing(request.search)
    users = users.where((eb) => eb.or([lowerLike('users.name', pattern), lowerLike('users.email', pattern)]))
  }
  const { rows, total } = await readPage(users, request)
  return { items: rows.map(toManagedUser), total, page: request.page, pageSize: request.pageSize }
}

/**
 * The admin's profile dialog for another user (docs/product.md §2.18). Unlike one's own profile, a
 * new e-mail address is applied at once: the admin vouches for it, and there is no one to type a
 * mailed code.
 */
export async function updateUser(
  db: Db,
  actor: User,
  userId: string,
  { name, phone, email, residentalAddress }: ProfileUpdate,
): Promise<ManagedUser> {
  const before = await findUser(db, userId)
  const changes: UserUpdate = { name, phone, email, residental_address: residentalAddress }
  const changed = Object.entries(changes)
    .filter(([column, value]) => value !== undefined && value !== before[column as keyof User])
    .map(([column]) => column)
  if (changed.length > 0) {
    try {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where('id', '=', userId)
        .execute()
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('errors.auth.emailTaken', 'email')
      throw error
    }
    await recordAudit(db, {
      kind: 'admin.user-updated',
      actorId: actor.id,
      subjectId: userId,
      message: {
        key: 'userUpdated',
        values: { actor: actor.email, email: before.email },
        translated: { fields: changed.map((field) => `logs.fields.${field}`) },
      },
      data: { fields: changed },
    })
  }
  return toManagedUser(await findUser(db, userId))
}

export async function setUserNotifications(
  db: Db,
  actor: User,
  userId: string,
  enabled: boolean,
): Promise<boolean> {
  const user = await findUser(db, userId)
  await setNotifications(db, user, enabled)
  await recordAudit(db, {
    kind: 'admin.notifications-toggled',
    actorId: actor.id,
    subjectId: userId,
    message: {
      key: enabled ? 'notificationsOn' : 'notificationsOff',
      values: { actor: actor.email, email: user.email },
    },
    data: { enabled },
  })
  return enabled
}

function reasonOf(text: string): string {
  const reason = text.trim()
  if (reason === '') throw fieldError('reason', 'errors.admin.reasonRequired')
  return reason
}

/** The log line of an admin's action on an account, with the reason the admin gave. */
function auditUserAction(
  db: Db,
  actor: User,
  user: User,
  kind: Extract<AuditKind, `admin.user-${string}`>,
  key: 'userDeactivated' | 'userReactivated' | 'userDeleted',
  reason: string,
): Promise<void> {
  return recordAudit(db, {
    kind,
    actorId: actor.id,
    subjectId: user.id,
    message: { key, values: { actor: actor.email, email: user.email, reason } },
    data: { reason, email: user.email },
  })
}

/**
 * Deactivates the account and ends its sessions, refusing the admin's own account and the last
 * active admin. Deletion starts the same way, so the account cannot add anything meanwhile.
 */
async function retire(database: DatabaseHandle, actor: User, userId: string): Promise<User> {
  if (userId === actor.id) throw badRequest('errors.admin.notYourself')
  const user = await findUser(database.db, userId)
  await deactivateUnlessLastAdmin(database, userId, 'errors.admin.lastAdmin')
  return user
}

export async function deactivateUser(
  database: DatabaseHandle,
  actor: User,
  userId: string,
  reasonText: string,
): Promise<ManagedUser> {
  const reason = reasonOf(reasonText)
  const user = await retire(database, actor, userId)
  await auditUserAction(database.db, actor, user, 'admin.user-deactivated', 'userDeactivated', reason)
  return toManagedUser(await findUser(database.db, userId))
}

/**
 * Lets a deactivated account back in. Every pause of a deactivated account is a filter on its
 * state (no fetches, links 404, no mail), so setting it back to active resumes them all: its
 * overdue feeds are due at the scheduler's next round. Refused (409) when the account is not
 * deactivated, so the log holds no reactivation that changed nothing.
 */
export async function reactivateUser(
  database: DatabaseHandle,
  actor: User,
  userId: string,
  reasonText: string,
): Promise<ManagedUser> {
  const reason = reasonOf(reasonText)
  const user = await findUser(database.db, userId)
  const reactivated = await database.db
    .updateTable('users')
    .set({ account_state: 'active', updated_at: new Date().toISOString() })
    .where('id', '=', userId)
    .where('account_state', '=', 'deactivated')
    .executeTakeFirst()
  if (Number(reactivated.numUpdatedRows) === 0) throw conflict('errors.admin.notDeactivated')
  await auditUserAction(database.db, actor, user, 'admin.user-reactivated', 'userReactivated', reason)
  return toManagedUser(await findUser(database.db, userId))
}

/** Deactivates the account, deletes it with everything that is its own, and audits it. */
export async function deleteUser(
  database: DatabaseHandle,
  properties: PropertyService,
  actor: User,
  userId: string,
  reasonText: string,
): Promise<void> {
  const reason = reasonOf(reasonText)
  const user = await retire(database, actor, userId)
  await removeAccount(database.db, properties, userId)
  await auditUserAction(database.db, actor, user, 'admin.user-deleted', 'userDeleted', reason)
}

export type PropertyChange = {
  action: 'created' | 'updated' | 'deleted' | 'photo-removed' | 'calendar-linked'
  propertyId: string
  propertyName: string
  ownerId: string
  /** What the action's message names besides the property: the owner, the platform. */
  values?: { owner?: string; platform?: string }
}

const PROPERTY_CHANGE_MESSAGES = {
  created: 'propertyCreated',
  updated: 'propertyUpdated',
  deleted: 'propertyDeleted',
  'photo-removed': 'propertyPhotoRemoved',
  'calendar-linked': 'propertyCalendarLinked',
} as const

export async function recordPropertyChange(db: Db, actor: User, change: PropertyChange): Promise<void> {
  await recordAudit(db, {
    kind: 'admin.property-changed',
    actorId: actor.id,
    subjectId: change.propertyId,
    message: {
      key: PROPERTY_CHANGE_MESSAGES[change.action],
      values: { actor: actor.email, property: change.propertyName, ...change.values },
    },
    data: {
      action: change.action,
      ownerId: change.ownerId,
      ...change.values,
    },
  })
}

function parseData(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** The audit log, newest first, a page at a time, narrowed to one kind when asked. */
export async function listLog(
  db: Db,
  { kind, page, pageSize }: LogQuery,
  language: Language,
): Promise<LogPage> {
  let entries = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .selectAll('audit_log')
    .select(['users.name as actor_name', 'users.email as actor_email'])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
  if (kind) entries = entries.where('audit_log.kind', '=', kind)
  const { rows, total } = await readPage(entries, { page, pageSize })
  const items = rows.map((row): LogEntry => ({
    id: row.id,
    kind: row.kind,
    actorId: row.actor_id,
    actorLabel: row.actor_name?.trim() || row.actor_email,
    subjectId: row.subject_id,
    message: auditEntryMessage(row, language),
    data: parseData(row.data),
    ip: row.ip,
    createdAt: row.created_at,
  }))
  return { items, total, page, pageSize }
}
