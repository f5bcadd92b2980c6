import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { Route } from 'wouter'
import { fromPromise } from 'xstate'
import { cancelEmailChangeMachine } from '../../src/machines/auth/cancelEmailChange.ts'
import CancelEmailChangeRoute from '../../src/routes/auth/CancelEmailChangeRoute.tsx'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import { renderRoute } from '../ui/render.tsx'
import { byTestId, expectMessage, isBusy } from './screenHelpers.ts'
import { walkMachine } from './walk.tsx'

const form = () => byTestId('email-cancel-form')
const SUBMIT = 'Cancel the change and sign out everywhere'

walkMachine({
  machine: cancelEmailChangeMachine.definition,
  // The token comes from the address, as App.tsx routes it.
  render: (pending, variant) => {
    const { token } = variant.input as { token: string }
    return renderRoute(
      <Route path="/cancel-email-change/:token?">
        <CancelEmailChangeRoute
          implementations={{
            actors: { cancelChange: fromPromise(({ input }) => pending.add('cancelChange', input)) },
          }}
        />
      </Route>,
      { path: token ? `/cancel-email-change/${token}` : '/cancel-email-change' },
    )
  },
  // The only event a person causes here is `confirm`.
  perform: async (_event, { user }) => user.click(within(form()).getByRole('button', { name: SUBMIT })),
  expectScreen: {
    asking: ({ snapshot, pending }) => {
      expect(screen.getByRole('heading', { name: 'Cancel the e-mail change' })).toBeTruthy()
      expect(within(form()).getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login')
      expectMessage(form(), snapshot.context.error)
      // Opening the page changes nothing: a mail scanner that opens the link cancels nothing.
      if (!snapshot.context.error?.detail) expect(pending.calls).toEqual([])
    },
    cancelling: ({ pending }) => {
      expect(isBusy(within(form()).getByRole('button', { name: SUBMIT }))).toBe(true)
      expect(pending.lastInput('cancelChange')).toEqual({ token: SAMPLE.token })
    },
    cancelled: () => {
      const done = byTestId('email-cancelled')
      expect(within(done).getByText('Change cancelled')).toBeTruthy()
      expect(within(done).getByRole('link', { name: 'Choose a new password' }).getAttribute('href')).toBe(
        '/forgot-password',
      )
      expect(screen.queryByTestId('email-cancel-form')).toBeNull()
    },
  },
})
