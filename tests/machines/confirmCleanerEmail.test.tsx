import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { Route } from 'wouter'
import { fromPromise } from 'xstate'
import { SAMPLE, SAMPLE_CLEANER_LINK } from '../../scripts/machineCatalog.ts'
import { confirmCleanerEmailMachine } from '../../src/machines/cleaning/confirmCleanerEmail.ts'
import ConfirmCleanerEmailRoute from '../../src/routes/cleaning/ConfirmCleanerEmailRoute.tsx'
import { renderRoute } from '../ui/render.tsx'
import { byTestId, expectMessage, isBusy } from './screenHelpers.ts'
import { noWayToPerform, walkMachine } from './walk.tsx'

const form = () => byTestId('cleaner-email-form')

walkMachine({
  machine: confirmCleanerEmailMachine.definition,
  // The token comes from the address, as App.tsx routes it.
  render: (pending) =>
    renderRoute(
      <Route path="/confirm-cleaning-mail/:token?">
        <ConfirmCleanerEmailRoute
          implementations={{
            actors: { confirmEmail: fromPromise(({ input }) => pending.add('confirmEmail', input)) },
          }}
        />
      </Route>,
      { path: `/confirm-cleaning-mail/${SAMPLE.token}` },
    ),
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'confirm':
        return user.click(within(form()).getByRole('button', { name: 'Confirm' }))
      case 'retry':
        return user.click(within(form()).getByRole('button', { name: 'Try again' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    idle: ({ pending }) => {
      expect(screen.getByRole('heading', { level: 1, name: 'Confirm cleaning updates' })).toBeTruthy()
      expect(form().textContent).toContain('A host wants to e-mail this address')
      expectMessage(form(), undefined)
      // Opening the page confirms nothing: a mail scanner that opens the link agrees to nothing.
      expect(pending.calls).toEqual([])
    },
    confirming: ({ pending }) => {
      expect(isBusy(within(form()).getByRole('button', { busy: true }))).toBe(true)
      expect(pending.lastInput('confirmEmail')).toEqual({ token: SAMPLE.token })
    },
    confirmed: () => {
      expect(screen.getByRole('heading', { level: 1, name: 'Confirmed' })).toBeTruthy()
      expect(byTestId('cleaner-email-confirmed').textContent).toContain(
        `Confirmed: ${SAMPLE_CLEANER_LINK.email} will get an e-mail when the cleanings of Fatima change.`,
      )
      expect(screen.queryByTestId('cleaner-email-form')).toBeNull()
    },
    failed: ({ snapshot }) => {
      expectMessage(form(), snapshot.context.error)
      expect(within(form()).getByRole('button', { name: 'Try again' })).toBeTruthy()
    },
    gone: () => {
      expect(byTestId('cleaner-email-gone').textContent).toContain('This link no longer works')
      expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull()
    },
  },
})
