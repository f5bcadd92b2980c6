import { PATHS } from './paths.ts'

export type NavigationItem = {
  path: string
  labelKey: string
  icon: 'dashboard' | 'properties' | 'integration' | 'calendar' | 'turnovers' | 'guests' | 'users' | 'logs'
}

const TURNOVERS_ITEM: NavigationItem = { path: PATHS.turnovers, labelKey: 'nav.turnovers', icon: 'turnovers' }

const USER_ITEMS: NavigationItem[] = [
  { path: PATHS.dashboard, labelKey: 'nav.dashboard', icon: 'dashboard' },
  { path: PATHS.properties, labelKey: 'nav.properties', icon: 'properties' },
  { path: PATHS.integration, labelKey: 'nav.integration', icon: 'integration' },
  { path: PATHS.calendar, labelKey: 'nav.calendar', icon: 'calendar' },
  TURNOVERS_ITEM,
]

export const ADMIN_ITEMS: NavigationItem[] = [
  { path: PATHS.guests, labelKey: 'nav.guests', icon: 'guests' },
  { path: PATHS.users, labelKey: 'nav.users', icon: 'users' },
  { path: PATHS.logs, labelKey: 'nav.logs', icon: 'logs' },
]

/**
 * The menu is built for admin when isAdmin is true, otherwise for user (docs/product.md §2.2); an
 * account that is only a cleaner of shared properties has Turnovers alone (docs/product.md §2.25).
 */
export function navigationFor(
  isAdmin: boolean,
  workspace: 'host' | 'cleaner' = 'host',
): { main: NavigationItem[]; admin: NavigationItem[] } {
  return { main: workspace === 'cleaner' ? [TURNOVERS_ITEM] : USER_ITEMS, admin: isAdmin ? ADMIN_ITEMS : [] }
}

/** Where an account's screens start: a cleaner's on Turnovers (docs/product.md §2.25), else the dashboard. */
export const homePathOf = (workspace?: 'host' | 'cleaner') =>
  workspace === 'cleaner' ? PATHS.turnovers : PATHS.dashboard

/**
 * Where a cleaner's account may be: Turnovers, and the settings over it. Every other host screen
 * (the dashboard, `/`, properties, calendar, integration) leaves for Turnovers.
 */
export const isCleanerPath = (path: string) => path === PATHS.turnovers || path === PATHS.settings

/** `/` and `/dashboard` are one screen, so both light up the dashboard item. */
export function isActivePath(itemPath: string, currentPath: string): boolean {
  if (itemPath === PATHS.dashboard) return currentPath === '/' || currentPath === PATHS.dashboard
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`)
}
