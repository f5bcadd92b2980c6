import { screen } from '@testing-library/react'
import { expect } from 'vitest'
import { acknowledgeAtRiskMachine } from '../../src/machines/property/acknowledgeAtRisk.ts'
import { AtRiskOnPlatform } from '../../src/routes/properties/AtRiskOnPlatform.tsx'
import { walkConfirmedAction } from './confirmedActionWalk.tsx'

const FEED = {
  platformName: 'Booking.com',
  atRisk: [{ start: '2030-03-12', end: '2030-03-15', since: '2030-03-10T09:00:00Z', acknowledged: false }],
  calendarPage: null,
}

walkConfirmedAction({
  flow: acknowledgeAtRiskMachine,
  path: '/properties',
  control: (implementations) => (
    <AtRiskOnPlatform propertyId="p1" feed={FEED} implementations={implementations} />
  ),
  dialogTestId: 'acknowledge-at-risk-dialog',
  openButton: 'I closed them',
  title: 'Did you close these nights on Booking.com?',
  confirmButton: 'I closed them',
  expectClosed: () =>
    expect(screen.getByTestId('at-risk-run').textContent).toContain('3 nights not yet closed on Booking.com'),
  // Recorded: the confirmation has closed and says so; the nights stay until the platform's import.
  expectDone: ({ screen: rendered }) => {
    expect(screen.queryByTestId('acknowledge-at-risk-dialog')).toBeNull()
    expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'atRisk.acknowledged' } })
  },
})
