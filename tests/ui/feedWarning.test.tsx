import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { BookingsModal } from '../../src/ui/calendar/BookingsModal.tsx'
import { formattersFor } from '../../src/ui/common/format.ts'
import { aBooking } from './builders.ts'
import { renderWithProviders } from './providers.tsx'

// The feed's DTEND (5 March) came before its DTSTART (10 March): stored as the night of 10 March.
const BACKWARDS = aBooking({
  guestName: 'Blocked',
  status: 'Reserved',
  start: '2030-03-10',
  end: '2030-03-11',
  feedWarning: { kind: 'endBeforeStart', start: '2030-03-10', end: '2030-03-05' },
})
const NORMAL = aBooking({ uid: 'uid-2', status: 'Reserved', start: '2030-03-09', end: '2030-03-12' })

async function openModal(language: 'en' | 'ar') {
  await renderWithProviders(
    <BookingsModal day="2030-03-10" bookings={[BACKWARDS, NORMAL]} onClose={() => {}} />,
    { language },
  )
  return within(await screen.findByTestId('bookings-modal')).getAllByTestId('booking-details')
}

describe('a stay whose feed gave a check-out before its check-in', () => {
  it('shows, on that stay only, an amber note with both of the feed’s dates', async () => {
    const [backwards, normal] = await openModal('en')
    const note = within(backwards!).getByTestId('feed-warning')
    expect(note.getAttribute('role')).toBe('note')
    expect(note.textContent).toBe(
      'The feed gave this stay a check-out (5 Mar 2030) before its check-in (10 Mar 2030); it is shown as one night.',
    )
    expect(note.className).toContain('bg-amber-50')
    expect(note.className).not.toMatch(/\b(?:ml|mr|pl|pr|left|right)-/)
    // The stay itself is shown as stored: one night from its check-in.
    expect(within(backwards!).getByText('11 Mar 2030')).toBeTruthy()
    expect(within(normal!).queryByTestId('feed-warning')).toBeNull()
  })

  it('says it in Arabic with Arabic dates', async () => {
    const [backwards, normal] = await openModal('ar')
    const date = formattersFor('ar').date
    expect(within(backwards!).getByRole('note').textContent).toBe(
      `ذكر التقويم المرتبط لهذه الإقامة تاريخ مغادرة (${date('2030-03-05')}) يسبق تاريخ وصولها (${date('2030-03-10')})، لذا تُعرض ليلةً واحدة.`,
    )
    expect(date('2030-03-05')).toMatch(/٢٠٣٠/)
    expect(within(normal!).queryByRole('note')).toBeNull()
  })
})

describe('a stay whose feed went on past the horizon of stays kept', () => {
  const FOREVER = aBooking({
    uid: 'uid-3',
    status: 'Reserved',
    start: '2030-03-10',
    end: '2032-01-01',
    feedWarning: { kind: 'beyondHorizon', start: '2030-03-10', end: '9999-12-31' },
  })

  it.each(['en', 'ar'] as const)(
    'says in %s that the stay ends at the horizon, with the feed’s own end',
    async (language) => {
      await renderWithProviders(<BookingsModal day="2030-03-10" bookings={[FOREVER]} onClose={() => {}} />, {
        language,
      })
      const [details] = within(await screen.findByTestId('bookings-modal')).getAllByTestId('booking-details')
      const note = within(details!).getByTestId('feed-warning')
      const feedEnd = formattersFor(language).date('9999-12-31')
      expect(note.textContent).toBe(
        language === 'en'
          ? `The feed gave this stay a check-out (${feedEnd}) more than five years ahead; it is shown up to the end of the fifth year after this one.`
          : `ذكر التقويم المرتبط لهذه الإقامة تاريخ مغادرة (${feedEnd}) بعد أكثر من خمس سنوات، لذا تُعرض حتى نهاية السنة الخامسة بعد السنة الحالية.`,
      )
    },
  )
})
