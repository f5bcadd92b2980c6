import type { Language } from '../../src/domain/translator.ts'
import type { DatabaseHandle } from '../db/database.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { containing, lowerLike, readPage } from '../db/paging.ts'
import type { User, UserUpdate } from '../db/schema.ts'
import { badRequest, conflict, fieldError, notFound } from '../errors.ts'
import { auditEntryMessage } from '../audit/messages.ts'
import type { AuditService } from '../audit/service.ts'
import { deactivateUnlessLastAdmin } from '../user/lastAdmin.ts'
import type { UserService } from '../user/service.ts'
import type { ProfileUpdate } from '../../contract/user.ts'
import type { Page } from '../../contract/paging.ts'
import type { PageRequest } from '../web/paging.ts'
import type { AuditKind, LogEntry, LogPage, LogQuery, ManagedUser } from '../../contract/admin.ts'

const toManagedUser = (user: User): ManagedUser => ({
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

function reasonOf(text: string): string {
  const reason = text.trim()
  if (reason === '') throw fieldError('reason', 'errors.admin.reasonRequired')
  return reason
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

function parseData(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export type AdminServiceDeps = {
  database: DatabaseHandle
  audit: AuditService
  /** An account's own operations, which the admin's act through: notifications, removal. */
  users: Pick<UserService, 'setNotifications' | 'removeAccount'>
}

/** The administration's operations on accounts and the audit log (docs/product.md §7.9). */
export function createAdminService({ database, audit, users }: AdminServiceDeps) {
  const { db } = database

  async function findUser(userId: string): Promise<User> {
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
    if (!user) throw notFound()
    return user
  }

  const usersInOrder = () => db.selectFrom('users').selectAll().orderBy('created_at').orderBy('email')

  /** The log line of an admin's action on an account, with the reason the admin gave. */
  function auditUserAction(
    actor: User,
    user: User,
    kind: Extract<AuditKind, `admin.user-${string}`>,
    key: 'userDeactivated' | 'userReactivated' | 'userDeleted',
    reason: string,
  ): Promise<void> {
    return audit.record({
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
  async function retire(actor: User, userId: string): Promise<User> {
    if (userId === actor.id) throw badRequest('errors.admin.notYourself')
    const user = await findUser(userId)
    await deactivateUnlessLastAdmin(database, userId, 'errors.admin.lastAdmin')
    return user
  }

  return {
    /** The account, or a 404. */
    findUser,

    /** The account as the admin's screens show it, or a 404. */
    managedUser: async (userId: string): Promise<ManagedUser> => toManagedUser(await findUser(userId)),

    /** Every account, the oldest first (the documented call without paging, docs/product.md §7.9). */
    async listUsers(): Promise<ManagedUser[]> {
      return (await usersInOrder().execute()).map(toManagedUser)
    },

    /** A page of the accounts in the same order, narrowed to names and e-mail addresses holding `search`. */
    async pageUsers(request: PageRequest): Promise<Page<ManagedUser>> {
      let users = usersInOrder()
      if (request.search !== '') {
        const pattern = containing(request.search)
        users = users.where((eb) =>
          eb.or([lowerLike('users.name', pattern), lowerLike('users.email', pattern)]),
        )
      }
      const { rows, total } = await readPage(users, request)
      return { items: rows.map(toManagedUser), total, page: request.page, pageSize: request.pageSize }
    },

    /**
     * The admin's profile dialog for another user (docs/product.md §2.18). Unlike one's own
     * profile, a new e-mail address is applied at once: the admin vouches for it, and there is no
     * one to type a mailed code.
     */
    async updateUser(
      actor: User,
      userId: string,
      { name, phone, email, residentalAddress }: ProfileUpdate,
    ): Promise<ManagedUser> {
      const before = await findUser(userId)
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
        await audit.record({
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
      return toManagedUser(await findUser(userId))
    },

    async setUserNotifications(actor: User, userId: string, enabled: boolean): Promise<boolean> {
      const user = await findUser(userId)
      await users.setNotifications(user, { enabled })
      await audit.record({
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
    },

    async deactivateUser(actor: User, userId: string, reasonText: string): Promise<ManagedUser> {
      const reason = reasonOf(reasonText)
      const user = await retire(actor, userId)
      await auditUserAction(actor, user, 'admin.user-deactivated', 'userDeactivated', reason)
      return toManagedUser(await findUser(userId))
    },

    /**
     * Lets a deactivated account back in. Every pause of a deactivated account is a filter on its
     * state (no fetches, links 404, no mail), so setting it back to active resumes them all: its
     * overdue feeds are due at the scheduler's next round. Refused (409) when the account is not
     * deactivated, so the log holds no reactivation that changed nothing.
     */
    async reactivateUser(actor: User, userId: string, reasonText: string): Promise<ManagedUser> {
      const reason = reasonOf(reasonText)
      const user = await findUser(userId)
      const reactivated = await db
        .updateTable('users')
        .set({ account_state: 'active', updated_at: new Date().toISOString() })
        .where('id', '=', userId)
        .where('account_state', '=', 'deactivated')
        .executeTakeFirst()
      if (Number(reactivated.numUpdatedRows) === 0) throw conflict('errors.admin.notDeactivated')
      await auditUserAction(actor, user, 'admin.user-reactivated', 'userReactivated', reason)
      return toManagedUser(await findUser(userId))
    },

    /** Deactivates the account, deletes it with everything that is its own, and audits it. */
    async deleteUser(actor: User, userId: string, reasonText: string): Promise<void> {
      const reason = reasonOf(reasonText)
      const user = await retire(actor, userId)
      await users.removeAccount(userId)
      await auditUserAction(actor, user, 'admin.user-deleted', 'userDeleted', reason)
    },

    async recordPropertyChange(actor: User, change: PropertyChange): Promise<void> {
      await audit.record({
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
    },

    /** The audit log, newest first, a page at a time, narrowed to one kind when asked. */
    async listLog({ kind, page, pageSize }: LogQuery, language: Language): Promise<LogPage> {
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
    },
  }
}

export type AdminService = ReturnType<typeof createAdminService>
