import type { CleanerLinkBody } from '../../contract/turnover.ts'
import { apiPaths } from '../../contract/paths.ts'
import { NO_FALLBACK, request } from './http.ts'

const { turnover } = apiPaths

/**
 * A host's cleaner's links (docs/product.md §7.11), the Turnovers screen's properties and the
 * cleaner's own pages, apart from `api` (src/actors/api.ts): the Turnovers screen and two public
 * pages call them, never a first screen.
 */
export const cleanerLinkApi = {
  /** The properties whose cleanings the reader sees, with their zones and the reader's part. */
  properties: () => request(turnover.properties),
  links: () => request(turnover.links),
  createLink: (body: CleanerLinkBody) => request(turnover.createLink, { body }, NO_FALLBACK),
  /** A new secret for the link: its old page and feed stop working at once. */
  rotateLink: (id: string) => request(turnover.rotateLink, { params: { id } }, NO_FALLBACK),
  removeLink: (id: string) => request(turnover.removeLink, { params: { id } }, NO_FALLBACK),
  /** A cleaner's page, by its link's token: no session. */
  cleanerSchedule: (token: string) => request(turnover.cleanerSchedule, { params: { token } }),
  /** The address's owner agrees to a link's change mails, by the mailed link's token: no session. */
  confirmEmail: (token: string) => request(turnover.confirmEmail, { params: { token } }, NO_FALLBACK),
}
