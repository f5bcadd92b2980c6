import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { Route } from 'wouter'
import { fromPromise } from 'xstate'
import { SAMPLE, SAMPLE_ACCEPTED } from '../../scripts/machineCatalog.ts'
import { SESSION_HINT_KEY } from '../../src/common/sessionHint.ts'
import { acceptInvitationMachine } from '../../src/machines/team/acceptInvitation.ts'
import AcceptInvitationRoute from '../../src/routes/team/AcceptInvitationRoute.tsx'
import { renderRoute } from '../ui/render.tsx'
import { byTestId, expectMessage, isBusy } from './screenHelpers.ts'
import { noWayToPerform, walkMachine } from './walk.tsx'

const PAGE = `/team/invitation/${SAMPLE.token}`
const BACK_HERE = `?next=${encodeURIComponent(PAGE)}`
const form = () => byTestId('invitation-form')

walkMachine({
  machine: acceptInvitationMachine.definition,
  // The token comes from the address, as App.tsx routes it; the session from its hint.
  render: (pending, variant) => {
    if ((variant.input as { signedIn: boolean }).signedIn) localStorage.setItem(SESSION_HINT_KEY, '1')
    else localStorage.removeItem(SESSION_HINT_KEY)
    return renderRoute(
      <Route path="/team/invitation/:token?">
        <AcceptInvitationRoute
          implementations={{
            actors: {
              accept: fromPromise(({ input }) => pending.add('accept', input)),
              signOut: fromPromise(() => pending.add('signOut')),
            },
          }}
        />
      </Route>,
      { path: PAGE },
    )
  },
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'accept':
        return user.click(within(form()).getByRole('button', { name: 'Accept' }))
      case 'retry':
        return user.click(within(form()).getByRole('button', { name: 'Try again' }))
      case 'switchAccount':
        return user.click(
          screen.getByRole('button', { name: 'Sign out and sign in with the invited address' }),
        )
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    idle: ({ pending }) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Join a team' })).toBeTruthy()
      expect(form().textContent).toContain('You have been invited to help with a property')
      expectMessage(form(), undefined)
      // Opening the link accepts nothing: a mail scanner that opens it joins no team.
      expect(pending.calls).toEqual([])
    },
    accepting: ({ pending }) => {
      expect(isBusy(within(form()).getByRole('button', { busy: true }))).toBe(true)
      expect(pending.lastInput('accept')).toEqual({ token: SAMPLE.token })
    },
    accepted: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Welcome to the team' })).toBeTruthy()
      const accepted = byTestId('invitation-accepted')
      expect(accepted.textContent).toContain(`You are now a co-host of ${SAMPLE_ACCEPTED.propertyName}.`)
      expect(within(accepted).getByRole('link', { name: 'Open Properties' }).getAttribute('href')).toBe(
        '/properties',
      )
    },
    failed: ({ snapshot }) => {
      expectMessage(form(), snapshot.context.error)
      expect(within(form()).getByRole('button', { name: 'Try again' })).toBeTruthy()
    },
    otherAccount: () => {
      // The server's words: which account the invitation is for.
      const shown = byTestId('invitation-other-account')
      expect(within(shown).getByRole('alert').textContent).toContain(SAMPLE.serverMessage)
      expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull()
    },
    signingOut: ({ pending }) => {
      expect(
        isBusy(screen.getByRole('button', { name: 'Sign out and sign in with the invited address' })),
      ).toBe(true)
      expect(pending.calls.map((call) => call.id)).toContain('signOut')
    },
    signedOut: () => {
      const shown = within(byTestId('invitation-signed-out'))
      // Either way leads back here, to accept.
      expect(shown.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/login${BACK_HERE}`)
      expect(shown.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
        `/registration${BACK_HERE}`,
      )
      expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull()
    },
    ownProperty: () => {
      expect(byTestId('invitation-own').textContent).toBe(`${SAMPLE.serverMessage} (409)`)
      expect(screen.getByRole('link', { name: 'Open Properties' })).toBeTruthy()
    },
    gone: () => {
      expect(byTestId('invitation-gone').textContent).toContain('This invitation is no longer valid')
      expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull()
    },
  },
})
