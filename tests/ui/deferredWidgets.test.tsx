import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DatePicker } from '../../src/ui/common/DateRangePicker.tsx'
import { LanguageMenu } from '../../src/ui/common/LanguageMenu.tsx'
import { UserMenu } from '../../src/ui/shell/UserMenu.tsx'
import { renderWithProviders } from './providers.tsx'

// A menu's or a picker's button shows at once; its Headless UI code comes on first use.
// Each test uses a widget whose code has not loaded yet in this file.
const LOADING = { timeout: 5000 }

describe('a widget whose code loads on first use', () => {
  it('opens on the first press, made before its code has arrived, and every other stand-in gives way', async () => {
    const onChange = vi.fn()
    await renderWithProviders(
      <>
        <LanguageMenu language="en" onChange={onChange} />
        <UserMenu user={{ name: 'Huda', email: 'huda@example.com' }} onLogout={() => {}} />
      </>,
    )
    const button = screen.getByTestId('language-menu')
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    const items = await screen.findAllByRole('menuitem', {}, LOADING)
    expect(items.map((item) => item.getAttribute('lang'))).toEqual(['en', 'ar'])
    expect(screen.getByTestId('language-menu').getAttribute('aria-expanded')).toBe('true')
    // The user menu's button is Headless UI's too now, so its next press is the menu's own.
    expect(screen.getByTestId('user-menu').id).toMatch(/^headlessui-menu-button/)
    await userEvent.click(items[1]!)
    expect(onChange).toHaveBeenCalledWith('ar')
  })

  it('keeps the focus on its button when the code arrives, and opens from the keyboard', async () => {
    await renderWithProviders(
      <DatePicker label="Start date" value="2026-03-01" onChange={() => {}} testId="start-date" />,
    )
    const standIn = screen.getByRole('button', { name: 'Start date: 01/03/2026' })
    act(() => standIn.focus())
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Start date: 01/03/2026' })).not.toBe(standIn),
    )
    const button = screen.getByRole('button', { name: 'Start date: 01/03/2026' })
    await waitFor(() => expect(document.activeElement).toBe(button))
    expect(screen.queryByTestId('start-date-panel')).toBeNull()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('grid', { name: 'March 2026' })).toBeTruthy()
  })
})
