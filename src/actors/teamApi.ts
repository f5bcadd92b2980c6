import type { TeamRole } from '../../contract/team.ts'
import { apiPaths } from '../../contract/paths.ts'
import { request } from './http.ts'

const { team } = apiPaths

// No fallback text: a failure without the server's message shows the action's own localised text.
const NO_FALLBACK = ''

/**
 * A property's team (docs/product.md §7.13), apart from `api` (src/actors/api.ts): only the Team
 * tab and the invitation's page call it, and both load it with themselves, so the first screens'
 * chunks never carry it (docs/decisions.md "The team's calls load with the team's screens").
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
  /** The signed-in account joins the team the mailed link's token names. */
  accept: (token: string) => request(team.accept, { params: { token } }, NO_FALLBACK),
}
