import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ManualStayValues } from '../../src/domain/manualStays.ts'
import type { Language } from '../../src/domain/translator.ts'
import { ManualStayDialog } from '../../src/ui/calendar/ManualStayDialog.tsx'
import { renderWithProviders } from './providers.tsx'

const VALUES: ManualStayValues = {
  start: '2031-03-20',
  end: '2031-03-23',
  kind: 'booking',
  guestName: '',
  note: '',
  price: '',
  priceBasis: 'night',
}

async function renderForm(language: Language = 'en') {
  const onNightsChange = vi.fn()
  await renderWithProviders(
    <ManualStayDialog
      open
      mode="add"
      properties={[{ id: 'villa', name: 'Palm Villa', costPerNight: 200 }]}
      propertyId="villa"
      values={VALUES}
      busy={false}
      nightsTakenBy={[]}
      nightsUnchecked={false}
      onNightsChange={onNightsChange}
      onSubmit={() => {}}
      onCancel={() => {}}
    />,
    { language },
  )
  return { onNightsChange, user: userEvent.setup() }
}

const focused = () => document.activeElement as HTMLElement

/** The date field `testId`'s button once the picker's code is in (focused, as a Tab leaves it). */
async function focusPicker(testId: string) {
  const standIn = within(screen.getByTestId(testId)).getByRole('button')
  act(() => standIn.focus())
  return waitFor(() => {
    const button = within(screen.getByTestId(testId)).getByRole('button')
    if (!button.id || document.activeElement !== button) throw new Error('the date picker is still loading')
    return button
  })
}

/** The day cells a Tab reaches: one. */
const tabStops = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('gridcell')
    .filter((cell) => cell.tabIndex === 0)

describe('the stay’s dates by keyboard', () => {
  it('opens check-in on its day, moves with the arrows and Page keys, and Enter picks', async () => {
    const { onNightsChange, user } = await renderForm()
    const button = await focusPicker('stay-start')
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Check-in' })
    expect(focused().getAttribute('aria-label')).toBe('Thursday, 20 March 2031')
    expect(focused().getAttribute('aria-selected')).toBe('true')
    const grid = within(dialog).getByRole('grid', { name: 'March 2031' })
    expect(tabStops(grid)).toEqual([focused()])
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}')
    expect(focused().getAttribute('aria-label')).toBe('Saturday, 29 March 2031')
    await user.keyboard('{Home}')
    expect(focused().getAttribute('aria-label')).toBe('Sunday, 23 March 2031')
    await user.keyboard('{End}{ArrowUp}')
    expect(focused().getAttribute('aria-label')).toBe('Saturday, 22 March 2031')
    // Into April and back: a month, a day, the week before.
    await user.keyboard('{PageDown}')
    expect(focused().getAttribute('aria-label')).toBe('Tuesday, 22 April 2031')
    expect(within(dialog).getByRole('grid').getAttribute('aria-label')).toBe('April 2031')
    await user.keyboard('{PageUp}{ArrowDown}{ArrowDown}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowUp}')
    expect(focused().getAttribute('aria-label')).toBe('Wednesday, 26 March 2031')
    await user.keyboard('{Enter}')
    expect(onNightsChange).toHaveBeenLastCalledWith({
      propertyId: 'villa',
      start: '2031-03-26',
      end: '2031-03-23',
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check-in' })).toBeNull())
    expect(focused()).toBe(button)
    expect(button.getAttribute('aria-label')).toBe('Check-in: 26/03/2031')
  })

  it('reaches a day before check-in on check-out, says it is unavailable and keeps it unpicked', async () => {
    const { onNightsChange, user } = await renderForm()
    await focusPicker('stay-end')
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Check-out' })
    expect(focused().getAttribute('aria-label')).toBe('Sunday, 23 March 2031')
    await user.keyboard('{ArrowUp}')
    // 16 March is before check-in: reached, announced, not picked.
    expect(focused().getAttribute('aria-label')).toBe('Sunday, 16 March 2031')
    expect(focused().getAttribute('aria-disabled')).toBe('true')
    await user.keyboard('{Enter}')
    expect(onNightsChange).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog', { name: 'Check-out' })).toBe(dialog)
    // Tab goes round the month's arrows and the day; the focus stays in the dialog.
    await user.tab()
    expect(focused().getAttribute('aria-label')).toBe('Previous month')
    await user.tab({ shift: true })
    expect(focused().getAttribute('aria-label')).toBe('Sunday, 16 March 2031')
    await user.tab({ shift: true })
    expect(focused().getAttribute('aria-label')).toBe('Next month')
    // Escape closes without picking and gives the focus back to the field.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Check-out' })).toBeNull())
    expect(focused().getAttribute('aria-label')).toBe('Check-out: 23/03/2031')
    expect(onNightsChange).not.toHaveBeenCalled()
    expect(screen.getByTestId('manual-stay-dialog')).toBeTruthy()
  })

  it('runs from the right and names the days in Arabic', async () => {
    const { onNightsChange, user } = await renderForm('ar')
    await focusPicker('stay-end')
    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: 'المغادرة' })
    expect(focused().getAttribute('aria-label')).toBe('الأحد، ٢٣ مارس ٢٠٣١')
    // Left is later in Arabic.
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(focused().getAttribute('aria-label')).toBe('الثلاثاء، ٢٥ مارس ٢٠٣١')
    await user.keyboard('{ArrowRight}{ }')
    expect(onNightsChange).toHaveBeenLastCalledWith({
      propertyId: 'villa',
      start: '2031-03-20',
      end: '2031-03-24',
    })
  })
})
