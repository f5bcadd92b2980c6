import { screen } from '@testing-library/react'
import { beforeEach, expect, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { pushApi } from '../../src/actors/pushApi.ts'
import { deviceAlertsMachine } from '../../src/machines/settings/deviceAlerts.ts'
import { DeviceAlertsSection } from '../../src/routes/settings/DeviceAlertsSection.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { isBusy, textOf } from './screenHelpers.ts'
import type { Feedback } from '../../src/machines/parts/feedback.ts'
import { aProfile } from './settingsFixtures.ts'
import { noWayToPerform, walkMachine, type Walk } from './walk.tsx'

beforeEach(() => {
  // The devices list beside the flow: none yet.
  vi.spyOn(pushApi, 'devices').mockResolvedValue([])
})

const button = (name: string) => screen.queryByRole('button', { name })
const hint = (text: RegExp) => screen.getByText(text)
const TESTED = 'Test sent: it appears on your devices with alerts within a few seconds.'

/** The failure the flow holds, said in the row; none when it holds none. */
function expectFailure({ snapshot }: Walk<unknown>) {
  const { error } = snapshot.context as { error?: Feedback }
  const shown = screen.queryByText(/^That did not work/)
  expect(shown?.textContent ?? null).toBe(error ? textOf(error) : null)
}

function expectOn(walk: Walk<unknown>, busy: 'test' | 'off' | null, tested = false) {
  hint(/^This device shows Manzil’s alerts/)
  expect(isBusy(button('Send a test')!)).toBe(busy === 'test')
  expect(isBusy(button('Turn off')!)).toBe(busy === 'off')
  expect(button('Turn on')).toBeNull()
  expect(screen.queryByText(TESTED) !== null).toBe(tested)
  expectFailure(walk)
}

function expectOff(walk: Walk<unknown>, busy: boolean) {
  hint(/^New bookings, changes and double bookings reach this device/)
  expect(isBusy(button('Turn on')!)).toBe(busy)
  expect(button('Turn off')).toBeNull()
  expect(screen.queryByText(TESTED)).toBeNull()
  expectFailure(walk)
}

walkMachine({
  machine: deviceAlertsMachine.definition,
  render: async (pending) =>
    renderWithProviders(
      <DeviceAlertsSection
        profile={aProfile()}
        implementations={{
          actors: {
            find: fromPromise(() => pending.add('find')),
            enable: fromPromise(() => pending.add('enable')),
            disable: fromPromise(() => pending.add('disable')),
            sendTest: fromPromise(() => pending.add('sendTest')),
          },
          actions: { logFailure: () => {} },
        }}
      />,
    ),
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'enable':
        return user.click(button('Turn on')!)
      case 'disable':
        return user.click(button('Turn off')!)
      case 'test':
        return user.click(button('Send a test')!)
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    finding: () => {
      hint(/^Checking what this device can do/)
      expect(screen.queryAllByRole('button', { name: /Turn|test/ })).toEqual([])
    },
    unsupported: () => {
      hint(/tap Share, then “Add to Home Screen”/)
      expect(screen.queryAllByRole('button', { name: /Turn|test/ })).toEqual([])
    },
    blocked: () => {
      hint(/^Notifications are blocked for Manzil in this browser/)
      expect(screen.queryAllByRole('button', { name: /Turn|test/ })).toEqual([])
    },
    off: (walk) => expectOff(walk, false),
    enabling: (walk) => expectOff(walk, true),
    on: (walk) => expectOn(walk, null),
    tested: (walk) => expectOn(walk, null, true),
    disabling: (walk) => expectOn(walk, 'off'),
    testing: (walk) => expectOn(walk, 'test'),
  },
})
