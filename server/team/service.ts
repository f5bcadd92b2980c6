import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  TEAM_INVITATION_DAYS,
  TEAM_INVITATIONS_PER_DAY,
  TEAM_MEMBERS_PER_PROPERTY,
  type AcceptedInvitation,
  type TeamInvitationBody,
  type TeamMember,
  type TeamRole,
} from '../../contract/team.ts'
import type { AuditKind } from '../../contract/admin.ts'
import { PATHS } from '../../src/domain/paths.ts'
import type { AuditService } from '../audit/service.ts'
import { sha256 } from '../auth/session.ts'
import type { Db } from '../db/database.ts'
import type { User } from '../db/schema.ts'
import { conflict, fieldError, forbidden, HttpError, notFound, tooManyRequests } from '../errors.ts'
import type { Mailer } from '../mail/mailer.ts'
import { composeMail } from '../mail/messages.ts'
import { takeBudget, untilBudgetRenews } from '../notification/outbox.ts'
import { newExportToken } from '../property/service.ts'
import { holdAccount } from '../quota/quotas.ts'

type Deps = {
  db: Db
  publicUrl: string
  clock: () => Date
  mailer: Mailer
  audit: AuditService
  /** The account's mails an hour, which each invitation's mail takes from. */
  mailsPerHour: number
  log: FastifyBaseLogger
}

/** An invitation's secret as stored: its hash, and when it stops working. */
type Secret = { token_hash: string; expires_at: string }
/** Whom an invitation goes to. */
type Invited = { id: string; email: string; role: TeamRole }

/** Who acts, as the audit log keeps it. */
export type Actor = { user: User; ip: string }

const DAY_MS = 24 * 60 * 60_000

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString()

/** An invitation's secret is unknown, used, expired, revoked or replaced: all say the same. */
const invitationGone = () => notFound('errors.team.invitationGone')

/** A property's team (docs/product.md §7.13): invitations, their acceptance, roles and removal. */
export function createTeamService({ db, publicUrl, clock, mailer, audit, mailsPerHour, log }: Deps) {
  /** The caller's own property, by id; anyone else's is a 404, as every property route says. */
  async function ownProperty(ownerId: string, propertyId: string) {
    const property = await db
      .selectFrom('properties')
      .select(['id', 'name'])
      .where('id', '=', propertyId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst()
    if (!property) throw notFound()
    return property
  }

  const members = (propertyId: string) =>
    db
      .selectFrom('property_members')
      .leftJoin('users', 'users.id', 'property_members.user_id')
      .select([
        'property_members.id',
        'property_members.email',
        'property_members.role',
        'property_members.status',
        'property_members.invited_at',
        'property_members.accepted_at',
        'users.name',
      ])
      .where('property_members.property_id', '=', propertyId)

  type MemberRow = Awaited<ReturnType<ReturnType<typeof members>['executeTakeFirstOrThrow']>>
  const toMember = (row: MemberRow): TeamMember => ({
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    name: row.name?.trim() || null,
    invitedAt: row.invited_at,
    acceptedAt: row.accepted_at,
  })

  async function member(propertyId: string, memberId: string): Promise<TeamMember> {
    const row = await members(propertyId).where('property_members.id', '=', memberId).executeTakeFirst()
    if (!row) throw notFound()
    return toMember(row)
  }

  /**
   * Counts one invitation against the owner's day, the account held by the caller's transaction:
   * a day that is over (or never began) starts again with this one. 429 past the day's number,
   * or when the hour's mails are spent.
   */
  async function takeInvitation(trx: Db, ownerId: string, now: Date) {
    const { team_invitations_sent: sent, team_invitations_since: since } = await trx
      .selectFrom('users')
      .select(['team_invitations_sent', 'team_invitations_since'])
      .where('id', '=', ownerId)
      .executeTakeFirstOrThrow()
    const dayOver = since === null || Date.parse(since) <= now.getTime() - DAY_MS
    if (!dayOver && sent >= TEAM_INVITATIONS_PER_DAY)
      throw tooManyRequests('errors.quota.teamInvitations', Date.parse(since) + DAY_MS - now.getTime(), {
        count: TEAM_INVITATIONS_PER_DAY,
      })
    await trx
      .updateTable('users')
      .set(
        dayOver
          ? { team_invitations_sent: 1, team_invitations_since: now.toISOString() }
          : { team_invitations_sent: sent + 1 },
      )
      .where('id', '=', ownerId)
      .execute()
    // The mail is one of the account's hour, as a cleaner's confirmation is.
    if (!(await takeBudget(trx, ownerId, now.toISOString(), mailsPerHour)))
      throw tooManyRequests(
        'errors.team.mailBudget',
        await untilBudgetRenews(trx, ownerId, now.toISOString()),
      )
  }

  /**
   * Mails the invitation's link, in the language of the account that has the address if there is
   * one, else in the owner's. A failed mail is logged: the owner can resend it.
   */
  async function mailInvitation(owner: User, property: { name: string }, invited: Invited, token: string) {
    const account = await db
      .selectFrom('users')
      .select('language')
      .where('email', '=', invited.email)
      .executeTakeFirst()
    const content = {
      kind: 'team-invitation' as const,
      link: `${publicUrl}${PATHS.teamInvitation}/${token}`,
      host: owner.name?.trim() || owner.email,
      property: property.name,
      role: invited.role,
    }
    try {
      await mailer.send(composeMail(account?.language ?? owner.language, invited.email, content), 'notice')
    } catch (error) {
      log.error({ err: error, memberId: invited.id }, 'could not mail a team invitation')
    }
  }

  async function record(
    kind: AuditKind,
    key: string,
    { user, ip }: Actor,
    about: { property: string; email: string; role?: TeamRole; subjectId?: string | null },
    data: Record<string, unknown>,
  ) {
    await audit.record({
      kind,
      actorId: user.id,
      subjectId: about.subjectId ?? null,
      message: {
        key,
        values: { actor: user.email, email: about.email, property: about.property },
        ...(about.role ? { translated: { role: `logs.teamRoles.${about.role}` } } : {}),
      },
      data,
      ip,
    })
  }

  /**
   * Sends an invitation with a new secret: `write` checks and stores it (the secret's hash and its
   * end) while the owner's account is held, then it is counted against the owner's day and hour,
   * mailed once committed, and logged.
   */
  async function sendInvitation(
    actor: Actor,
    property: { id: string; name: string },
    write: (trx: Db, secret: Secret, now: Date) => Promise<Invited>,
    data: Record<string, unknown> = {},
  ): Promise<Invited> {
    const owner = actor.user
    const token = newExportToken()
    const now = clock()
    const secret = { token_hash: sha256(token), expires_at: later(now, TEAM_INVITATION_DAYS * DAY_MS) }
    const invited = await db.transaction().execute(async (trx) => {
      await holdAccount(trx, owner.id)
      const row = await write(trx, secret, now)
      await takeInvitation(trx, owner.id, now)
      return row
    })
    await mailInvitation(owner, property, invited, token)
    await record(
      'team.invited',
      'teamInvited',
      actor,
      { ...invited, property: property.name },
      { propertyId: property.id, memberId: invited.id, role: invited.role, ...data },
    )
    return invited
  }

  return {
    async list(ownerId: string, propertyId: string): Promise<TeamMember[]> {
      await ownProperty(ownerId, propertyId)
      const rows = await members(propertyId)
        .orderBy('property_members.invited_at')
        .orderBy('property_members.id')
        .execute()
      return rows.map(toMember)
    },

    /**
     * Invites an address to the caller's property: 404 unless theirs, 400 for their own address,
     * 409 for an address already on the team or past the property's members, 429 past the day's
     * invitations or the hour's mails. Nothing is kept when it is refused.
     */
    async invite(actor: Actor, propertyId: string, body: TeamInvitationBody) {
      const owner = actor.user
      const property = await ownProperty(owner.id, propertyId)
      if (body.email === owner.email.toLowerCase()) throw fieldError('email', 'errors.team.self')
      const invited = await sendInvitation(actor, property, async (trx, secret, now) => {
        const team = await trx
          .selectFrom('property_members')
          .select('email')
          .where('property_id', '=', propertyId)
          .execute()
        if (team.some((row) => row.email === body.email))
          throw fieldError('email', 'errors.team.taken', undefined, 409)
        if (team.length >= TEAM_MEMBERS_PER_PROPERTY)
          throw new HttpError(409, 'errors.quota.teamMembers', { count: TEAM_MEMBERS_PER_PROPERTY })
        const row = {
          ...secret,
          id: randomUUID(),
          property_id: propertyId,
          user_id: null,
          email: body.email,
          role: body.role,
          status: 'invited' as const,
          invited_by: owner.id,
          invited_at: now.toISOString(),
          accepted_at: null,
        }
        await trx.insertInto('property_members').values(row).execute()
        return row
      })
      return { id: invited.id, email: invited.email, role: invited.role, status: 'invited' as const }
    },

    /**
     * Mails a pending invitation again with a new secret, valid from now: the old link is dead.
     * 409 for an active member; counted as an invitation of the day.
     */
    async resend(actor: Actor, propertyId: string, memberId: string): Promise<TeamMember> {
      const property = await ownProperty(actor.user.id, propertyId)
      await sendInvitation(
        actor,
        property,
        async (trx, secret) => {
          const row = await trx
            .selectFrom('property_members')
            .select(['id', 'email', 'role', 'status'])
            .where('id', '=', memberId)
            .where('property_id', '=', propertyId)
            .executeTakeFirst()
          if (!row) throw notFound()
          if (row.status !== 'invited') throw new HttpError(409, 'errors.team.notPending')
          await trx.updateTable('property_members').set(secret).where('id', '=', memberId).execute()
          return row
        },
        { resent: true },
      )
      return member(propertyId, memberId)
    },

    /**
     * The signed-in account takes the invitation whose secret it holds, if its address is the
     * invitation's: one conditional UPDATE, so that a revocation (a DELETE) racing it leaves
     * either no invitation to accept or a member to remove. 403 for another account, 404 for a
     * secret no pending invitation has (unknown, expired, used or revoked).
     */
    async accept(actor: Actor, token: string): Promise<AcceptedInvitation> {
      const { user } = actor
      const now = clock().toISOString()
      const hash = sha256(token)
      const pending = await db
        .selectFrom('property_members')
        .innerJoin('properties', 'properties.id', 'property_members.property_id')
        .select(['property_members.email', 'properties.owner_id'])
        .where('property_members.token_hash', '=', hash)
        .where('property_members.status', '=', 'invited')
        .where('property_members.expires_at', '>', now)
        .executeTakeFirst()
      if (!pending) throw invitationGone()
      if (pending.email !== user.email.toLowerCase()) throw forbidden('errors.team.otherAccount')
      // An owner whose address became the invited one holds the property already.
      if (pending.owner_id === user.id) throw conflict('errors.team.ownProperty')
      // The conditions again in the write itself: a revocation or a resend in between wins.
      const accepted = await db
        .updateTable('property_members')
        .set({ status: 'active', user_id: user.id, accepted_at: now, token_hash: null })
        .where('token_hash', '=', hash)
        .where('status', '=', 'invited')
        .where('expires_at', '>', now)
        .where('email', '=', pending.email)
        .returning(['id', 'property_id', 'role', 'email'])
        .executeTakeFirst()
      if (!accepted) throw invitationGone()
      const property = await db
        .selectFrom('properties')
        .select('name')
        .where('id', '=', accepted.property_id)
        .executeTakeFirst()
      await record(
        'team.accepted',
        'teamAccepted',
        actor,
        { ...accepted, property: property?.name ?? '', subjectId: user.id },
        { propertyId: accepted.property_id, memberId: accepted.id, role: accepted.role },
      )
      return { propertyId: accepted.property_id, role: accepted.role }
    },

    async setRole(actor: Actor, propertyId: string, memberId: string, role: TeamRole): Promise<TeamMember> {
      const property = await ownProperty(actor.user.id, propertyId)
      const before = await member(propertyId, memberId)
      if (before.role === role) return before
      await db
        .updateTable('property_members')
        .set({ role })
        .where('id', '=', memberId)
        .where('property_id', '=', propertyId)
        .execute()
      const after = await member(propertyId, memberId)
      await record(
        'team.role-changed',
        'teamRoleChanged',
        actor,
        { ...after, property: property.name },
        {
          propertyId,
          memberId,
          from: before.role,
          role,
        },
      )
      return after
    },

    /**
     * The owner removes a member or cancels an invitation; a member leaves, by removing their own
     * active membership. Anyone else is told 404, as for another's property.
     */
    async remove(actor: Actor, propertyId: string, memberId: string): Promise<void> {
      const { user } = actor
      const property = await db
        .selectFrom('properties')
        .select(['name', 'owner_id'])
        .where('id', '=', propertyId)
        .executeTakeFirst()
      if (!property) throw notFound()
      const byOwner = property.owner_id === user.id
      let query = db
        .deleteFrom('property_members')
        .where('id', '=', memberId)
        .where('property_id', '=', propertyId)
      if (!byOwner) query = query.where('user_id', '=', user.id).where('status', '=', 'active')
      const removed = await query.returning(['email', 'status', 'role', 'user_id']).executeTakeFirst()
      if (!removed) throw notFound()
      await record(
        byOwner ? 'team.removed' : 'team.left',
        byOwner ? 'teamRemoved' : 'teamLeft',
        actor,
        { email: removed.email, property: property.name, subjectId: removed.user_id },
        { propertyId, memberId, role: removed.role, status: removed.status },
      )
    },
  }
}

export type TeamService = ReturnType<typeof createTeamService>
