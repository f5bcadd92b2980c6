import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import type { Notice } from '../../src/machines/parts/feedback.ts'
import { deleteAccountMachine } from '../../src/machines/settings/deleteAccount.ts'
import { DeleteAccountSection } from '../../src/routes/settings/DeleteAccountSection.tsx'
import { renderRoute } from '../ui/render.tsx'
import { expectMessage, isBusy } from './screenHelpers.ts'
import { noWayToPerform, walkMachine } from './walk.tsx'

const dialog = () => screen.queryByTestId('delete-account-dialog')

walkMachine({
  machine: deleteAccountMachine.definition,
  render: async (pending) => {
    const notices: Notice[] = []
    const rendered = await renderRoute(
      <DeleteAccountSection
        implementations={{
          actors: { perform: fromPromise(() => pending.add('deleteAccount')) },
          actions: { notify: (_, notice) => void notices.push(notice) },
        }}
      />,
      { path: '/dashboard' },
    )
    return { ...rendered, notices }
  },
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'open':
        return user.click(screen.getByRole('button', { name: 'Delete account' }))
      case 'confirm':
        return user.click(within(dialog()!).getByRole('button', { name: 'Delete my account' }))
      case 'cancel':
        return user.click(within(dialog()!).getByRole('button', { name: 'Cancel' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    closed: () => {
      expect(dialog()).toBeNull()
      expect(screen.getByRole('button', { name: 'Delete account' })).toBeTruthy()
    },
    confirming: ({ snapshot }) => {
      expect(within(dialog()!).getByRole('heading', { name: 'Delete your account?' })).toBeTruthy()
      expectMessage(dialog()!, snapshot.context.error)
    },
    performing: () => {
      expect(isBusy(within(dialog()!).getByRole('button', { name: 'Delete my account' }))).toBe(true)
    },
    done: ({ screen: rendered }) => {
      expect(rendered.currentPath()).toBe('/login')
      expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'settings.deleted' } })
    },
  },
})
