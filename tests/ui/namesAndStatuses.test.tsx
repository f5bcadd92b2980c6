import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { StayListCard } from '../../src/ui/calendar/month/StayListCard.tsx'
import { UserMenuSheet } from '../../src/ui/shell/UserMenuSheet.tsx'
import { UsersTable } from '../../src/ui/users/UsersTable.tsx'
import { aBooking, aUser } from './builders.ts'
import { renderWithProviders } from './providers.tsx'

/** What the platforms, the server and an empty profile say, shown in the reader's words. */

const statusesIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '')

const FEED_STATUSES = [
  'Reserved',
  'BOOKED',
  'Confirmed',
  'Not available',
  'Cancelled',
  'Tentative',
  'Hold-Owner',
]

async function renderStays(language: 'en' | 'ar') {
  const bookings = FEED_STATUSES.map((status, index) =>
    aBooking({ uid: `uid-${index}`, guestName: `Guest ${index}`, status }),
  )
  await renderWithProviders(
    <StayListCard title="Stays" emptyText="No stays" bookings={bookings} testId="stays" />,
    { language },
  )
  return statusesIn('stays')
}

describe('booking statuses from feeds', () => {
  it('shows the known ones in Arabic, and an unknown one as the feed wrote it', async () => {
    const items = await renderStays('ar')
    const expected = ['محجوز', 'محجوز', 'مؤكد', 'غير متاح', 'ملغى', 'مبدئي', 'Hold-Owner']
    expected.forEach((status, index) => expect(items[index]).toContain(status))
    for (const english of ['Reserved', 'BOOKED', 'Confirmed', 'Not available', 'Cancelled', 'Tentative'])
      expect(items.join(' ')).not.toContain(english)
  })

  it('spells the known ones the same way in English, whatever case the feed used', async () => {
    const items = await renderStays('en')
    expect(items[1]).toContain('Booked')
    expect(items[1]).not.toContain('BOOKED')
    expect(items[6]).toContain('Hold-Owner')
  })
})

describe('the users table statuses', () => {
  for (const [language, deactivated, admin] of [
    ['en', 'Deactivated', 'Admin'],
    ['ar', 'معطّل', 'مشرف'],
  ] as const) {
    it(`names an account's state in words, ${language}`, async () => {
      await renderWithProviders(
        <UsersTable
          users={[aUser({ accountState: 'deactivated', isAdmin: true })]}
          onEdit={() => {}}
          manageHref={() => '/'}
        />,
        {
          language,
        },
      )
      const row = within(screen.getByTestId('user-row'))
      expect(row.getByText(deactivated)).toBeTruthy()
      expect(row.getByText(admin)).toBeTruthy()
      expect(row.queryByText('deactivated')).toBeNull()
    })
  }
})

describe('a user who has not given a name', () => {
  for (const [language, noName] of [
    ['en', 'No name yet'],
    ['ar', 'لم يُضف اسم بعد'],
  ] as const) {
    it(`sees "${noName}" over their e-mail in the user menu, not "-", ${language}`, async () => {
      await renderWithProviders(
        <UserMenuSheet
          open
          onClose={() => {}}
          user={{ name: '  ', email: 'nameless@example.com' }}
          language={language}
          onLanguageChange={() => {}}
          onOpenProfile={() => {}}
          onOpenSettings={() => {}}
          onLogout={() => {}}
        />,
        { language },
      )
      const sheet = within(await screen.findByTestId('user-menu-sheet'))
      expect(sheet.getByText(noName)).toBeTruthy()
      expect(sheet.getByText('nameless@example.com')).toBeTruthy()
      expect(sheet.queryByText('-')).toBeNull()
    })
  }

  it('sees their own name when they have one', async () => {
    await renderWithProviders(
      <UserMenuSheet
        open
        onClose={() => {}}
        user={{ name: 'Huda', email: 'huda@example.com' }}
        language="en"
        onLanguageChange={() => {}}
        onOpenProfile={() => {}}
        onOpenSettings={() => {}}
        onLogout={() => {}}
      />,
    )
    const sheet = within(await screen.findByTestId('user-menu-sheet'))
    expect(sheet.getByText('Huda')).toBeTruthy()
    expect(sheet.queryByText('No name yet')).toBeNull()
  })
})
