import { apiPaths } from '../../contract/paths.ts'
import { request } from './http.ts'

/**
 * The signed-in account joins the team the mailed link's token names (docs/product.md §7.13).
 * Apart from the owner's calls (src/actors/teamApi.ts): a module of its own goes into the
 * invitation page's chunk, where one shared with the Team tab would be a chunk more that every
 * page's entry names (docs/decisions.md "The team's calls load with the team's screens").
 * No fallback text: a failure without the server's message shows the page's own words.
 */
export const acceptInvitation = (token: string) => request(apiPaths.team.accept, { params: { token } }, '')
