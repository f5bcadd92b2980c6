import { screen } from '@testing-library/react'
import { expect } from 'vitest'
import { deleteAccountMachine } from '../../src/machines/settings/deleteAccount.ts'
import { DeleteAccountSection } from '../../src/routes/settings/DeleteAccountSection.tsx'
import { walkConfirmedAction } from './confirmedActionWalk.tsx'

walkConfirmedAction({
  flow: deleteAccountMachine,
  path: '/dashboard',
  control: (implementations) => <DeleteAccountSection implementations={implementations} />,
  dialogTestId: 'delete-account-dialog',
  openButton: 'Delete account',
  title: 'Delete your account?',
  confirmButton: 'Delete my account',
  expectClosed: () => expect(screen.getByRole('button', { name: 'Delete account' })).toBeTruthy(),
  expectDone: ({ screen: rendered }) => {
    expect(rendered.currentPath()).toBe('/login')
    expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'settings.deleted' } })
  },
})
