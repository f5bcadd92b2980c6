import type { Messages } from './translator.ts'

/**
 * Each language's words come in four chunks, so that a signed-out phone does not
 * download every screen's text to show a sign-in form. `public` holds what the pages open to
 * everyone say (sign-in, registration, password reset, e-mail change, errors); `occasional` what
 * any page says only now and then (that the network is gone, that a new version waits), loaded
 * when it is first said; `admin` what only the admins' screens say, loaded with the first of
 * them; `turnovers` the Turnovers screen's; `cleaner` what a cleaner's page says; `alerts` the settings' alerts on this device; `team` a property's team and its invitation's page; `signedIn` holds the rest. `mail`, `push` and the errors only the server finds are the server's
 * alone and never reach the browser.
 */
export const LOCALE_PARTS = [
  'public',
  'signedIn',
  'occasional',
  'admin',
  'turnovers',
  'cleaner',
  'alerts',
  'team',
] as const
export type LocalePart = (typeof LOCALE_PARTS)[number]

export const OCCASIONAL_NAMESPACES = ['offline', 'update'] as const
/** The namespaces of the admins' screens alone: the audit log, and acting on an account. */
export const ADMIN_NAMESPACES = ['logs', 'userActions'] as const

/** The parts loaded only when first said, and their namespaces, found in no other part. */
const LATER_PARTS: Partial<Record<LocalePart, readonly string[]>> = {
  occasional: OCCASIONAL_NAMESPACES,
  admin: ADMIN_NAMESPACES,
  // The Turnovers screen and the dashboard's line of today's check-outs, loaded after its first
  // paint: the dashboard's first screen, whose weight has a limit, does not carry them.
  turnovers: ['turnovers'],
  // A cleaner's page, opened without signing in: neither the sign-in screen nor a host loads it.
  cleaner: ['cleaner'],
  // Alerts on this device, in the settings: loaded when they open, not with every first screen.
  alerts: ['alerts'],
  // A property's team and the invitation's page: loaded with either, never with a first screen.
  team: ['team'],
}
const laterPartOf = (namespace: string) =>
  (Object.keys(LATER_PARTS) as LocalePart[]).find((part) => LATER_PARTS[part]!.includes(namespace))

export const PUBLIC_NAMESPACES = [
  'app',
  'language',
  'errors',
  'auth',
  'password',
  'registration',
  'forgot',
  'reset',
  'emailCancel',
] as const
/** Groups within the public namespaces that only signed-in screens show. */
const SIGNED_IN_GROUPS: Record<string, readonly string[]> = { errors: ['property'] }
// What mails, push alerts and the cleaner's feed say is written by the server only.
const SERVER_ONLY_NAMESPACES = ['mail', 'push', 'cleanerFeed']
/**
 * The only groups of these namespaces the browser says: the errors its own forms find before
 * sending (a weak password, a property's fields). Every other error is the server's, which
 * answers in the reader's language, so its words stay on the server.
 */
export const BROWSER_ONLY_GROUPS: Record<string, readonly string[]> = { errors: ['auth', 'property'] }

export const isLocalePart = (value: string): value is LocalePart =>
  (LOCALE_PARTS as readonly string[]).includes(value)

const pick = (messages: Messages, keep: (key: string) => boolean): Messages =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => keep(key)))

/** The words of `messages` that belong to `part`; together the parts hold every other one. */
export function localePart(messages: Messages, part: LocalePart): Messages {
  const inPublic = part === 'public'
  const result: Messages = {}
  for (const [namespace, all] of Object.entries(messages)) {
    if (SERVER_ONLY_NAMESPACES.includes(namespace)) continue
    const browserOnly = BROWSER_ONLY_GROUPS[namespace]
    const words =
      typeof all === 'string' || !browserOnly ? all : pick(all, (key) => browserOnly.includes(key))
    const later = laterPartOf(namespace)
    if (later !== undefined || LATER_PARTS[part] !== undefined) {
      if (later === part) result[namespace] = words
      continue
    }
    if (!(PUBLIC_NAMESPACES as readonly string[]).includes(namespace)) {
      if (!inPublic) result[namespace] = words
      continue
    }
    const signedInGroups = SIGNED_IN_GROUPS[namespace] ?? []
    if (typeof words === 'string' || signedInGroups.length === 0) {
      if (inPublic) result[namespace] = words
      continue
    }
    const group = pick(words, (key) => signedInGroups.includes(key) !== inPublic)
    if (Object.keys(group).length > 0) result[namespace] = group
  }
  return result
}

/** Parts as one: a namespace split between them comes back whole. */
export function joinLocaleParts(parts: readonly Messages[]): Messages {
  const joined: Messages = {}
  for (const part of parts) {
    for (const [namespace, words] of Object.entries(part)) {
      const before = joined[namespace]
      joined[namespace] =
        typeof before === 'object' && typeof words === 'object' ? { ...before, ...words } : words
    }
  }
  return joined
}
