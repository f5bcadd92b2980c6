import { PATHS } from './paths.ts'

/** A stay the calendar's address may open: a double booking's two at most. */
export const MAX_LINKED_STAYS = 2

/** What a stay's id looks like in an address. */
export const STAY_ID = /^[\w-]{1,64}$/

/**
 * The calendar with these stays' details open (`/calendar?stay=`): what a notification, its mail
 * and a search result link to. `month` shows a stay that is no longer there (a cancelled one) at
 * the nights it freed; `property` the calendar of a property when no stay is named.
 */
export function stayLink(stayIds: readonly string[], at: { month?: string; property?: string } = {}): string {
  const params = new URLSearchParams()
  if (at.month) params.set('month', at.month)
  if (at.property) params.set('property', at.property)
  for (const id of stayIds.slice(0, MAX_LINKED_STAYS)) params.append('stay', id)
  const query = params.toString()
  return query ? `${PATHS.calendar}?${query}` : PATHS.calendar
}
