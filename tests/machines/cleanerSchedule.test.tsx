import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { Route } from 'wouter'
import { fromPromise } from 'xstate'
import { cleanerScheduleMachine } from '../../src/machines/cleaning/cleanerSchedule.ts'
import CleanerScheduleRoute from '../../src/routes/cleaning/CleanerScheduleRoute.tsx'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import { renderRoute } from '../ui/render.tsx'
import { walkMachine } from './walk.tsx'

walkMachine({
  machine: cleanerScheduleMachine.definition,
  // The token comes from the address, as App.tsx routes it.
  render: (pending) =>
    renderRoute(
      <Route path="/cleaner/:token?">
        <CleanerScheduleRoute
          implementations={{
            actors: { loadSchedule: fromPromise(({ input }) => pending.add('loadSchedule', input)) },
          }}
        />
      </Route>,
      { path: `/cleaner/${SAMPLE.token}` },
    ),
  // The only event a person causes here is `retry`.
  perform: async (_event, { user }) => user.click(await screen.findByRole('button', { name: 'Try again' })),
  expectScreen: {
    loading: async ({ pending }) => {
      expect(await screen.findByRole('status')).toBeTruthy()
      expect(pending.lastInput('loadSchedule')).toEqual({ token: SAMPLE.token })
    },
    showing: async () => {
      const list = await screen.findByTestId('cleaner-schedule')
      expect(screen.getByRole('heading', { level: 1, name: 'Cleanings for Fatima' })).toBeTruthy()
      const card = within(list).getByRole('listitem')
      expect(within(card).getByText('Palm Loft')).toBeTruthy()
      expect(within(card).getByText('Al Malqa 12, Riyadh')).toBeTruthy()
      expect(within(card).getByText('Same day')).toBeTruthy()
      expect(within(card).getByText('11:00')).toBeTruthy()
      // Read-only: nothing to press but the language.
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    },
    failed: async () => {
      expect((await screen.findByRole('alert')).textContent).toContain(SAMPLE.serverMessage)
    },
    gone: async () => {
      expect((await screen.findByTestId('cleaner-gone')).textContent).toContain('This link no longer works')
    },
  },
})
