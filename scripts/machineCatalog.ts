import type { AnyMachineSnapshot, AnyStateMachine, EventFrom, InputFrom } from 'xstate'
import { adminUserActionMachine } from '../src/machines/admin/adminUserAction.ts'
import { calendarViewMachine } from '../src/machines/calendar/calendarView.ts'
import { cancelEmailChangeMachine } from '../src/machines/auth/cancelEmailChange.ts'
import { cleanerScheduleMachine } from '../src/machines/cleaning/cleanerSchedule.ts'
import {
  revokeCleanerLinkMachine,
  rotateCleanerLinkMachine,
} from '../src/machines/cleaning/cleanerLinkActions.ts'
import { confirmCleanerEmailMachine } from '../src/machines/cleaning/confirmCleanerEmail.ts'
import { createCleanerLinkMachine } from '../src/machines/cleaning/createCleanerLink.ts'
import { closeGuardMachine } from '../src/machines/settings/closeGuard.ts'
import { connectPlatformMachine } from '../src/machines/integration/connectPlatform.ts'
import { dashboardRangeMachine } from '../src/machines/dashboard/dashboardRange.ts'
import { deleteAccountMachine } from '../src/machines/settings/deleteAccount.ts'
import { forgotPasswordMachine } from '../src/machines/auth/forgotPassword.ts'
import { loginMachine } from '../src/machines/auth/login.ts'
import { manualStayMachine, type ManualStayRef } from '../src/machines/calendar/manualStay.ts'
import type { ManualStayValues } from '../src/domain/manualStays.ts'
import { notificationToggleMachine } from '../src/machines/settings/notificationToggle.ts'
import { deviceAlertsMachine } from '../src/machines/settings/deviceAlerts.ts'
import { profileFormMachine } from '../src/machines/settings/profileForm.ts'
import { registrationMachine } from '../src/machines/auth/registration.ts'
import { resetPasswordMachine } from '../src/machines/auth/resetPassword.ts'
import { rotateLinkMachine } from '../src/machines/property/rotateLink.ts'
import { acknowledgeAtRiskMachine } from '../src/machines/property/acknowledgeAtRisk.ts'
import { twoFactorSetupMachine } from '../src/machines/settings/twoFactorSetup.ts'
import { inviteMemberMachine } from '../src/machines/team/inviteMember.ts'
import { acceptInvitationMachine } from '../src/machines/team/acceptInvitation.ts'
import {
  cancelTeamInvitationMachine,
  leaveTeamMachine,
  removeTeamMemberMachine,
} from '../src/machines/team/memberActions.ts'

/**
 * Sample events for the account flows: the model-based tests in tests/machines walk the paths
 * they open, and `npm run machines:export` lists the same paths for QA in docs/machines.
 */
export const SAMPLE = {
  email: 'host@example.com',
  newEmail: 'new-host@example.com',
  password: 'Manzil-2026!',
  weakPassword: 'manzil',
  code: '012345',
  token: 'reset-token-from-the-mail',
  serverMessage: 'Message from the server',
  reason: 'Listing properties that do not exist',
  calendarLink: 'https://www.vrbo.com/icalendar/4f2a.ics',
  otherPlatformLink: 'https://www.airbnb.com/calendar/ical/4f2a.ics?s=7c1e',
} as const

/** The dashboard's default period, March 2026, and a shared link's, January. */
/** A cleaner's page as its link's answer gives it: one same-day cleaning. */
export const SAMPLE_SCHEDULE = {
  name: 'Fatima',
  language: 'en' as const,
  from: '2026-03-01',
  to: '2026-03-30',
  cleanings: [
    {
      propertyId: 'property-1',
      propertyName: 'Palm Loft',
      address: 'Al Malqa 12, Riyadh',
      stayId: 'stay-1',
      date: '2026-03-05',
      checkOutTime: '11:00',
      nextCheckIn: { stayId: 'stay-2', date: '2026-03-05', time: '15:00' },
      sameDay: true,
      gapNights: 0,
    },
  ],
}

/** A cleaner's link as the server answers its creation, with an address to confirm. */
export const SAMPLE_CLEANER_LINK = {
  id: 'link-1',
  name: 'Fatima',
  url: 'http://localhost/cleaner/link-token',
  icsUrl: 'http://localhost/api/cleaning/feed/link-token.ics',
  propertyIds: ['property-1', 'property-2'],
  email: 'fatima@example.com',
  emailConfirmed: false,
  language: 'ar' as const,
  createdAt: '2026-03-01T09:00:00.000Z',
}

export const SAMPLE_MONTH = { start: '2026-03-01', end: '2026-03-31' }
export const SAMPLE_LINK = { start: '2026-01-01', end: '2026-01-31' }

/** A new stay's form sent for Corniche Loft: a booking of 10–13 March, unless `values` say else. */
const newStay = (values: Partial<ManualStayValues>) => ({
  type: 'submit' as const,
  propertyId: 'property-2',
  values: {
    start: '2026-03-10',
    end: '2026-03-13',
    kind: 'booking' as const,
    guestName: '',
    note: '',
    price: '',
    priceBasis: 'night' as const,
    ...values,
  },
})

/** A stay the host entered by hand, as the calendar shows it. */
export const SAMPLE_STAY: ManualStayRef = {
  propertyId: 'property-1',
  stayId: 'stay-1',
  start: '2026-03-10',
  end: '2026-03-13',
  kind: 'booking',
  guestName: 'Huda Al-Harbi',
  note: 'Paid in cash',
  price: '450',
  priceBasis: 'night',
}

/** An invitation accepted: a co-host of Palm Loft. */
export const SAMPLE_ACCEPTED = {
  propertyId: 'property-1',
  role: 'cohost' as const,
  propertyName: 'Palm Loft',
}

export const SAMPLE_PROFILE = {
  name: 'Huda Al-Harbi',
  phone: '+966 50 123 4567',
  email: SAMPLE.email,
  residentalAddress: 'Riyadh, Olaya Street 12',
}

/** What the world does to a flow: an invoked actor settles, a delay passes. */
type SystemEvent = { type: `xstate.${string}`; output?: unknown; error?: unknown }
/** One way to start a machine: its input and the events that may happen from there. */
export type Variant<TMachine extends AnyStateMachine = AnyStateMachine> = {
  name: string
  input?: InputFrom<TMachine>
  events: (EventFrom<TMachine> | SystemEvent)[]
}
export type CatalogEntry = { machine: AnyStateMachine; variants: Variant[] }

/** Typed where it is written, listed untyped: each entry's events must be its machine's. */
const entry = <TMachine extends AnyStateMachine>(
  machine: TMachine,
  variants: Variant<TMachine>[],
): CatalogEntry => ({
  machine,
  variants: variants as Variant[],
})

const failure = (id: string): SystemEvent => ({
  type: `xstate.error.actor.${id}`,
  error: new Error(SAMPLE.serverMessage),
})
/** The server's 404: the link asked for was revoked or replaced. */
const notFound = (id: string): SystemEvent => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error('Not found'), { status: 404 }),
})
/** The server's refusal with this status, in its words. */
const refusal = (id: string, status: number): SystemEvent => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error(`${SAMPLE.serverMessage} (${status})`), { status }),
})
const success = (id: string, output: unknown = {}): SystemEvent => ({
  type: `xstate.done.actor.${id}`,
  output,
})
/** The events of a confirmed action (src/machines/parts/confirmedAction.ts) whose machine is `id`. */
const confirmedActionEvents = (id: string) => [
  { type: 'open' } as const,
  { type: 'cancel' } as const,
  { type: 'confirm' } as const,
  success(id),
  failure(id),
]
const codeEvents = [
  { type: 'submitCode', code: '12' },
  { type: 'submitCode', code: SAMPLE.code },
] as const

/**
 * A reached state is its value and the message it shows: the same state with another message is
 * another screen to check, and another path for QA.
 */
export const serializeState = (snapshot: AnyMachineSnapshot) => {
  const error = (snapshot.context as { error?: { key: string } }).error
  return `${JSON.stringify(snapshot.value)}${error ? ` [${error.key}]` : ''}`
}

export const MACHINE_CATALOG: CatalogEntry[] = [
  entry(loginMachine.definition, [
    {
      name: 'sign in',
      events: [
        { type: 'submit', email: '', password: '' },
        { type: 'submit', email: SAMPLE.email, password: SAMPLE.password },
        success('sendLoginCode'),
        failure('sendLoginCode'),
        success('signIn'),
        failure('signIn'),
        ...codeEvents,
        { type: 'resend' },
        { type: 'back' },
        { type: 'xstate.after.resendCooldown.login.codeSent' },
        { type: 'xstate.after.welcome.login.welcome' },
      ],
    },
  ]),
  entry(registrationMachine.definition, [
    {
      name: 'register',
      events: [
        // Empty: every field says what it needs at once.
        { type: 'submit', email: '', password: '', confirmPassword: '' },
        {
          type: 'submit',
          email: SAMPLE.email,
          password: SAMPLE.weakPassword,
          confirmPassword: SAMPLE.weakPassword,
        },
        { type: 'submit', email: SAMPLE.email, password: SAMPLE.password, confirmPassword: 'Manzil-2025!' },
        { type: 'submit', email: SAMPLE.email, password: SAMPLE.password, confirmPassword: SAMPLE.password },
        success('sendCode'),
        failure('sendCode'),
        ...codeEvents,
        { type: 'resend' },
        { type: 'back' },
        success('register'),
        failure('register'),
        { type: 'xstate.after.resendCooldown.registration.codeSent' },
        { type: 'xstate.after.splash.registration.success' },
      ],
    },
  ]),
  entry(forgotPasswordMachine.definition, [
    {
      name: 'request a reset link',
      events: [
        { type: 'submit', email: '' },
        { type: 'submit', email: SAMPLE.email },
        success('sendLink', { message: SAMPLE.serverMessage }),
        failure('sendLink'),
        { type: 'retry' },
      ],
    },
  ]),
  entry(
    resetPasswordMachine.definition,
    [
      { name: 'from a mailed link', token: SAMPLE.token },
      { name: 'without a token', token: '' },
    ].map(({ name, token }) => ({
      name,
      input: { token },
      events: [
        { type: 'submit', password: '', confirmPassword: '' },
        { type: 'submit', password: SAMPLE.weakPassword, confirmPassword: SAMPLE.weakPassword },
        { type: 'submit', password: SAMPLE.password, confirmPassword: 'Manzil-2025!' },
        { type: 'submit', password: SAMPLE.password, confirmPassword: SAMPLE.password },
        success('changePassword'),
        failure('changePassword'),
        { type: 'xstate.after.redirect.resetPassword.changed' },
      ],
    })),
  ),
  entry(
    cancelEmailChangeMachine.definition,
    [
      { name: 'from the mailed link', token: SAMPLE.token },
      { name: 'without a token', token: '' },
    ].map(({ name, token }) => ({
      name,
      input: { token },
      events: [{ type: 'confirm' }, success('cancelChange'), failure('cancelChange')],
    })),
  ),
  entry(cleanerScheduleMachine.definition, [
    {
      name: 'from a cleaner’s link',
      input: { token: SAMPLE.token },
      events: [
        success('loadSchedule', SAMPLE_SCHEDULE),
        failure('loadSchedule'),
        notFound('loadSchedule'),
        { type: 'retry' },
      ],
    },
  ]),
  entry(createCleanerLinkMachine.definition, [
    {
      name: 'make a cleaner’s link',
      events: [
        { type: 'open', language: 'en' },
        // Nothing filled in, and a mistyped address.
        { type: 'submit', values: { name: ' ', propertyIds: [], email: '', language: 'en' } },
        {
          type: 'submit',
          values: { name: 'Fatima', propertyIds: ['property-1'], email: 'fatima@', language: 'en' },
        },
        {
          type: 'submit',
          values: {
            name: SAMPLE_CLEANER_LINK.name,
            propertyIds: SAMPLE_CLEANER_LINK.propertyIds,
            email: SAMPLE_CLEANER_LINK.email,
            language: SAMPLE_CLEANER_LINK.language,
          },
        },
        { type: 'cancel' },
        { type: 'close' },
        success('createLink', SAMPLE_CLEANER_LINK),
        failure('createLink'),
      ],
    },
  ]),
  entry(rotateCleanerLinkMachine.definition, [
    { name: 'replace a cleaner’s link', events: confirmedActionEvents('rotateCleanerLink') },
  ]),
  entry(revokeCleanerLinkMachine.definition, [
    { name: 'revoke a cleaner’s link', events: confirmedActionEvents('revokeCleanerLink') },
  ]),
  entry(inviteMemberMachine.definition, [
    {
      name: 'invite a co-host',
      events: [
        { type: 'submit', values: { email: 'sara@', role: 'cohost' } },
        { type: 'submit', values: { email: SAMPLE.newEmail, role: 'cohost' } },
        success('invite', { id: 'member-1', email: SAMPLE.newEmail, role: 'cohost', status: 'invited' }),
        failure('invite'),
        {
          type: 'xstate.error.actor.invite',
          error: Object.assign(new Error('Already on the team'), {
            fields: { email: 'This address is already on the team.' },
          }),
        },
      ],
    },
  ]),
  entry(
    acceptInvitationMachine.definition,
    [true, false].map((signedIn) => ({
      name: signedIn ? 'accept an invitation, signed in' : 'open an invitation, signed out',
      input: { token: SAMPLE.token, signedIn },
      events: [
        { type: 'accept' },
        { type: 'retry' },
        { type: 'switchAccount' },
        success('accept', SAMPLE_ACCEPTED),
        failure('accept'),
        notFound('accept'),
        refusal('accept', 401),
        refusal('accept', 403),
        refusal('accept', 409),
        success('signOut'),
        failure('signOut'),
      ],
    })),
  ),
  entry(removeTeamMemberMachine.definition, [
    { name: 'remove a team member', events: confirmedActionEvents('removeTeamMember') },
  ]),
  entry(cancelTeamInvitationMachine.definition, [
    { name: 'cancel a team invitation', events: confirmedActionEvents('cancelTeamInvitation') },
  ]),
  entry(leaveTeamMachine.definition, [
    { name: 'leave a property', events: confirmedActionEvents('leaveTeam') },
  ]),
  entry(confirmCleanerEmailMachine.definition, [
    {
      name: 'from the confirmation mail',
      input: { token: SAMPLE.token },
      events: [
        { type: 'confirm' },
        { type: 'retry' },
        success('confirmEmail', { name: SAMPLE_CLEANER_LINK.name, email: SAMPLE_CLEANER_LINK.email }),
        failure('confirmEmail'),
        notFound('confirmEmail'),
      ],
    },
  ]),
  entry(
    twoFactorSetupMachine.definition,
    [false, true].map((enabled) => ({
      name: enabled ? 'turn off' : 'turn on',
      input: { enabled },
      events: [
        { type: 'start' },
        success('sendCode'),
        failure('sendCode'),
        { type: 'submitCode', code: '' },
        { type: 'submitCode', code: SAMPLE.code },
        { type: 'cancel' },
        success('toggle', { twofactorMode: !enabled }),
        failure('toggle'),
      ],
    })),
  ),
  entry(closeGuardMachine, [
    {
      name: 'close the settings',
      events: [
        { type: 'close', dirty: false },
        { type: 'close', dirty: true },
        { type: 'keepEditing' },
        { type: 'discard' },
      ],
    },
  ]),
  entry(deviceAlertsMachine.definition, [
    {
      name: 'alerts on this device',
      events: [
        ...(['unsupported', 'blocked', 'off', 'on'] as const).map((found) => success('find', found)),
        failure('find'),
        { type: 'enable' },
        ...(['on', 'blocked', 'off'] as const).map((found) => success('enable', found)),
        failure('enable'),
        { type: 'disable' },
        success('disable'),
        failure('disable'),
        { type: 'test' },
        success('sendTest'),
        failure('sendTest'),
      ],
    },
  ]),
  entry(notificationToggleMachine.definition, [
    {
      name: 'switch off',
      input: { enabled: true },
      events: [{ type: 'toggle' }, success('save', { enabled: false }), failure('save')],
    },
  ]),
  entry(profileFormMachine.definition, [
    {
      name: 'edit the profile',
      input: SAMPLE_PROFILE,
      events: [
        { type: 'change', field: 'name', value: 'Huda Al-Otaibi' },
        { type: 'change', field: 'email', value: '' },
        { type: 'change', field: 'email', value: SAMPLE.newEmail },
        { type: 'changeCurrentPassword', value: SAMPLE.password },
        { type: 'save' },
        success('save', { ...SAMPLE_PROFILE, name: 'Huda Al-Otaibi' }),
        success('save', { ...SAMPLE_PROFILE, pendingEmail: SAMPLE.newEmail }),
        failure('save'),
        ...codeEvents,
        { type: 'cancelEmailChange' },
        success('confirmEmail', { ...SAMPLE_PROFILE, email: SAMPLE.newEmail }),
        failure('confirmEmail'),
      ],
    },
  ]),
  entry(deleteAccountMachine.definition, [
    { name: 'delete the account', events: confirmedActionEvents('deleteAccount') },
  ]),
  entry(rotateLinkMachine.definition, [
    { name: 'replace a calendar link', events: confirmedActionEvents('rotateLink') },
  ]),
  entry(acknowledgeAtRiskMachine.definition, [
    { name: 'say the nights at risk are closed', events: confirmedActionEvents('acknowledgeAtRisk') },
  ]),
  entry(
    adminUserActionMachine.definition,
    (['deactivate', 'reactivate', 'delete'] as const).map((action) => ({
      name: `${action} a user`,
      events: [
        { type: 'open', userId: 'user-1', action },
        { type: 'submit', reason: '   ' },
        { type: 'submit', reason: SAMPLE.reason },
        { type: 'cancel' },
        success('performAction'),
        failure('performAction'),
      ],
    })),
  ),
  entry(manualStayMachine.definition, [
    {
      name: 'add a stay',
      events: [
        { type: 'add', propertyId: 'property-1', start: '2026-03-10', end: '2026-03-11' },
        // A block ending before it starts, one over 365 nights, a booking of a negative price,
        // and one priced for the whole stay.
        newStay({ start: '2026-03-12', end: '2026-03-11', kind: 'block' }),
        newStay({ start: '2026-03-10', end: '2027-03-11', kind: 'block' }),
        newStay({ guestName: 'Omar', note: 'Direct', price: '-20' }),
        newStay({ guestName: 'Omar', note: 'Direct', price: '1000', priceBasis: 'stay' }),
        { type: 'cancel' },
        { type: 'cancel', dirty: true },
        { type: 'keepEditing' },
        { type: 'discard' },
        success('saveStay'),
        failure('saveStay'),
      ],
    },
    {
      name: 'edit or delete a manual stay',
      events: [
        { type: 'edit', stay: SAMPLE_STAY },
        { type: 'remove', stay: SAMPLE_STAY },
        {
          type: 'submit',
          propertyId: SAMPLE_STAY.propertyId,
          values: {
            start: '2026-03-11',
            end: '2026-03-14',
            kind: 'booking',
            guestName: 'Huda Al-Harbi',
            note: 'Boiler repair',
            price: '1350',
            priceBasis: 'stay',
          },
        },
        { type: 'cancel' },
        { type: 'cancel', dirty: true },
        { type: 'keepEditing' },
        { type: 'discard' },
        { type: 'confirm' },
        success('saveStay'),
        failure('saveStay'),
        success('removeStay'),
        failure('removeStay'),
      ],
    },
  ]),
  entry(connectPlatformMachine.definition, [
    {
      name: 'connect a platform',
      events: [
        { type: 'open', platformName: 'Vrbo', propertyIds: ['property-2', 'property-3'] },
        { type: 'submit', propertyId: 'property-2', urlPath: 'not a link' },
        // Airbnb's own link in Vrbo's slot: refused before any call.
        { type: 'submit', propertyId: 'property-2', urlPath: SAMPLE.otherPlatformLink },
        { type: 'submit', propertyId: 'property-2', urlPath: SAMPLE.calendarLink },
        { type: 'cancel' },
        { type: 'cancel', dirty: true },
        { type: 'keepEditing' },
        { type: 'discard' },
        success('connect'),
        failure('connect'),
      ],
    },
  ]),
  entry(
    dashboardRangeMachine,
    [
      { name: 'from this month', link: {} },
      { name: 'from a shared link', link: SAMPLE_LINK },
      { name: 'from a link with the start after the end', link: { start: '2026-03-31', end: '2026-03-01' } },
    ].map(({ name, link }) => ({
      name,
      input: { link, defaultRange: SAMPLE_MONTH },
      events: [
        { type: 'pickStart', date: '2026-03-10' },
        { type: 'pickStart', date: '2026-04-05' },
        { type: 'pickEnd', date: '2026-02-20' },
        { type: 'pickStart', date: '2025-02-01' },
        { type: 'reset' },
        { type: 'linkChanged', link: SAMPLE_LINK },
      ],
    })),
  ),
  entry(
    calendarViewMachine,
    [
      { name: 'browse the calendar', search: '' },
      {
        name: 'open a shared link',
        search: '?view=timeline&month=2026-04&days=30&property=property-1&platform=Airbnb',
      },
    ].map(({ name, search }) => ({
      name,
      input: { today: '2026-03-10', search },
      events: [
        { type: 'switchView', view: 'timeline' },
        { type: 'switchView', view: 'month' },
        { type: 'previous' },
        { type: 'next' },
        { type: 'today' },
        { type: 'setLength', length: 30 },
        { type: 'setProperty', property: 'property-2' },
        { type: 'setPlatform', platform: 'Booking.com' },
        { type: 'setPhone', phone: true },
        // A hand-edited link: an impossible month and length, an unknown view.
        { type: 'load', search: '?view=timeline&month=2026-13&days=7' },
        { type: 'load', search: '?view=foo&month=2026-04' },
      ],
    })),
  ),
]
