import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { AtRiskNights } from '../../src/ui/imports/AtRiskNights.tsx'
import { renderWithProviders } from './providers.tsx'

const RUNS = [
  { start: '2030-03-12', end: '2030-03-15', since: '2030-03-10T09:00:00Z', acknowledged: false },
  { start: '2030-03-20', end: '2030-03-22', since: '2030-03-10T10:00:00Z', acknowledged: true },
]

const render = (language: 'en' | 'ar', runs = RUNS, calendarPage: string | null = null) =>
  renderWithProviders(
    <AtRiskNights
      platform="Booking.com"
      platformName="Booking.com"
      calendarPage={calendarPage}
      runs={runs}
      state="closed"
      onOpen={() => {}}
      onConfirm={() => {}}
      onCancel={() => {}}
    />,
    { language },
  )

const runTexts = () => screen.getAllByTestId('at-risk-run').map((run) => run.textContent)

describe("a platform's nights at risk", () => {
  it('names each run, says which the host closed, and offers "I closed them" (en)', async () => {
    await render('en')
    const [open, closed] = runTexts()
    expect(open).toMatch(/ · 3 nights not yet closed on Booking\.com$/)
    expect(closed).toMatch(/ · you closed them; Booking\.com’s next import confirms it$/)
    expect(screen.getByText(/Block them by hand in Booking\.com’s calendar/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'I closed them' })).toBeTruthy()
  })

  it('says the same in Arabic', async () => {
    await render('ar')
    const [open, closed] = runTexts()
    expect(open).toMatch(/، ٣ ليالٍ لم تُغلق بعد على Booking\.com$/)
    expect(closed).toMatch(/، أغلقتهما بنفسك؛ وسيؤكد ذلك استيراد Booking\.com التالي$/)
    expect(screen.getByRole('button', { name: 'أغلقتها' })).toBeTruthy()
  })

  it('offers nothing more to do once every run is closed by the host', async () => {
    await render('en', [RUNS[1]!])
    expect(screen.queryByRole('button', { name: 'I closed them' })).toBeNull()
  })

  it('gives the steps to close the nights on a platform whose calendar Manzil cannot address', async () => {
    await render('en')
    expect(screen.queryByTestId('at-risk-calendar-page')).toBeNull()
    expect(screen.getByTestId('at-risk-close-steps').textContent).toMatch(
      /How to close them on Booking\.com.*Rates & Availability, then Calendar/,
    )
  })

  it("links to the platform's own calendar of the listing, in a new tab that learns nothing of Manzil", async () => {
    await render('ar', RUNS, 'https://www.airbnb.com/multicalendar/4815162342')
    const link = screen.getByRole('link', { name: 'افتح تقويم Booking.com' })
    expect(link.getAttribute('href')).toBe('https://www.airbnb.com/multicalendar/4815162342')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.queryByTestId('at-risk-close-steps')).toBeNull()
  })

  it('shows an admin the runs without the owner’s "I closed them"', async () => {
    await renderWithProviders(
      <AtRiskNights platform="Booking.com" platformName="Booking.com" calendarPage={null} runs={RUNS} />,
    )
    expect(runTexts()).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'I closed them' })).toBeNull()
  })
})
