import type { TeamRole } from '../../contract/team.ts'
import { apiPaths } from '../../contract/paths.ts'
import { NO_FALLBACK, request } from './http.ts'

const { team } = apiPaths

/**
 * The owner's calls on a property's team (docs/product.md §7.13), apart from `api`
 * (src/actors/api.ts): only the Team tab calls them, and its chunk carries them, so the first
 * screens' never do (docs/decisions.md "The team's calls load with the team's screens").
 */
export const teamApi = {
  list: (propertyId: string) => request(team.list, { params: { id: propertyId } }),
  invite: (propertyId: string, email: string, role: TeamRole) =>
    request(team.invite, { params: { id: propertyId }, body: { email, role } }, NO_FALLBACK),
  setRole: (propertyId: string, memberId: string, role: TeamRole) =>
    request(team.update, { params: { id: propertyId, memberId }, body: { role } }, NO_FALLBACK),
  /** Removes a member, or cancels an invitation not yet accepted. */
  remove: (propertyId: string, memberId: string) =>
    request(team.remove, { params: { id: propertyId, memberId } }, NO_FALLBACK),
  /** A new mail with a new link; the old link stops working. */
  resend: (propertyId: string, memberId: string) =>
    request(team.resend, { params: { id: propertyId, memberId } }, NO_FALLBACK),
}
