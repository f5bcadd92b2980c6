import { z } from 'zod'
import { Email } from './auth.ts'
import { PropertyParams, TeamRole } from './property.ts'

/** The most members (invited or active) one property may have (docs/product.md §7.13). */
export const TEAM_MEMBERS_PER_PROPERTY = 20
/** The most invitations, resent ones included, one account may send in a day. */
export const TEAM_INVITATIONS_PER_DAY = 50
/** How long an invitation's mailed link works. */
export const TEAM_INVITATION_DAYS = 7

export { TeamRole }

export const TeamInvitationBody = z.object({ email: Email, role: TeamRole })
export type TeamInvitationBody = z.infer<typeof TeamInvitationBody>

export const TeamRoleBody = z.object({ role: TeamRole })

/** What an invitation answers: the new member, invited. */
export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: TeamRole,
  status: z.literal('invited'),
})
export type TeamInvitation = z.infer<typeof TeamInvitation>

/** A member as the owner lists them: `name` once an account with it accepted. */
export const TeamMember = z.object({
  id: z.string(),
  email: z.string(),
  role: TeamRole,
  status: z.enum(['invited', 'active']),
  name: z.string().nullable(),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
})
export type TeamMember = z.infer<typeof TeamMember>

export const TeamMemberParams = PropertyParams.extend({ memberId: z.string().max(64) })
export const TeamTokenParams = z.object({ token: z.string().max(200) })

/** An accepted invitation: the property it opens, and as what. */
export const AcceptedInvitation = z.object({ propertyId: z.string(), role: TeamRole })
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>
