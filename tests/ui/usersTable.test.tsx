import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { UsersTable } from '../../src/ui/users/UsersTable.tsx'
import { aUser } from './builders.ts'
import { renderWithProviders } from './providers.tsx'

const rowOf = (email: string) =>
  screen.getAllByTestId('user-row').find((row) => row.textContent?.includes(email))!

describe('the users table', () => {
  it('shows "-" for a missing name, address and phone, and the phone as Unverified', async () => {
    await renderWithProviders(
      <UsersTable
        users={[
          aUser(),
          aUser({
            id: 'user-2',
            email: 'bare@example.com',
            name: null,
            phone: '  ',
            residentalAddress: null,
          }),
        ]}
        onEdit={() => {}}
        manageHref={(user) => `/users/${user.id}/properties`}
      />,
    )
    const bare = within(rowOf('bare@example.com'))
    const cells = bare.getAllByRole('cell').map((cell) => cell.textContent)
    expect(cells[0]).toContain('-')
    expect(cells[1]).toBe('-')
    expect(cells[3]).toBe('Verified')
    expect(cells[4]).toBe('-Unverified')

    const full = within(rowOf('huda@example.com'))
    const fullCells = full.getAllByRole('cell').map((cell) => cell.textContent)
    expect(fullCells[0]).toContain('Huda Al-Harbi')
    expect(fullCells[1]).toBe('Riyadh, Olaya Street 12')
    expect(fullCells[4]).toBe('+966 50 123 4567Verified')
  })

  it('marks a deactivated user and offers Edit and Manage property', async () => {
    const onEdit = vi.fn()
    const deactivated = aUser({ accountState: 'deactivated' })
    await renderWithProviders(
      <UsersTable
        users={[deactivated]}
        onEdit={onEdit}
        manageHref={(user) => `/users/${user.id}/properties`}
      />,
    )
    const row = within(rowOf('huda@example.com'))
    expect(row.getByText('Deactivated')).toBeTruthy()
    await userEvent.click(row.getByRole('button', { name: 'Edit Huda Al-Harbi' }))
    expect(onEdit).toHaveBeenCalledWith(deactivated)
    expect(row.getByRole('link', { name: 'Manage property: Huda Al-Harbi' }).getAttribute('href')).toBe(
      '/users/user-1/properties',
    )
  })

  it('has a card per user for phones, with the same fallbacks', async () => {
    await renderWithProviders(
      <UsersTable users={[aUser({ phone: null })]} onEdit={() => {}} manageHref={() => '/'} />,
      { language: 'ar' },
    )
    const card = within(screen.getByTestId('user-card'))
    expect(card.getByText('غير موثّق')).toBeTruthy()
    expect(card.getByText('-')).toBeTruthy()
  })
})
