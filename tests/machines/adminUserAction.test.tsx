import { screen, within } from '@testing-library/react'
import { useActorRef } from '@xstate/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import type { Feedback, Notice } from '../../src/machines/parts/feedback.ts'
import {
  adminUserActionMachine,
  REASON_CHECKS,
  type AdminUserTarget,
} from '../../src/machines/admin/adminUserAction.ts'
import { UserActionDialog } from '../../src/routes/users/UserActionDialog.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { expectFeedback, fill, isBusy } from './screenHelpers.ts'
import { noWayToPerform, walkMachine, type PendingCalls } from './walk.tsx'

const USER = { id: 'user-1', label: 'Huda Al-Harbi' }
const TITLES = { deactivate: 'Deactivate user', reactivate: 'Reactivate user', delete: 'Delete user' }
const CONFIRM = /^(Deactivate|Reactivate|Delete user)$/

const dialog = () => screen.queryByTestId('reason-dialog')

/** The real dialog on the real machine; the open buttons stand in for the profile dialog's rows. */
async function renderDialog(pending: PendingCalls) {
  const notices: Notice[] = []
  const completed: AdminUserTarget[] = []
  const machine = adminUserActionMachine({
    actors: { performAction: fromPromise(({ input }) => pending.add('performAction', input)) },
    actions: {
      notify: (_, notice) => void notices.push(notice),
      completed: (_, target) => void completed.push(target),
    },
  })
  function Harness() {
    const actor = useActorRef(machine)
    return (
      <>
        {(['deactivate', 'reactivate', 'delete'] as const).map((action) => (
          <button key={action} onClick={() => actor.send({ type: 'open', userId: USER.id, action })}>
            open {action}
          </button>
        ))}
        <UserActionDialog actor={actor} userLabel={() => USER.label} />
      </>
    )
  }
  await renderWithProviders(<Harness />)
  return { notices, completed }
}

/** A blank reason is told at the reason; the server's refusals above the buttons. */
function expectError(error: Feedback | undefined) {
  expectFeedback(dialog()!, error, REASON_CHECKS, { reason: 'Reason' })
}

walkMachine({
  machine: adminUserActionMachine.definition,
  render: renderDialog,
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'open':
        return user.click(screen.getByRole('button', { name: `open ${event.action}` }))
      case 'submit':
        await fill(user, within(dialog()!).getByLabelText('Reason'), event.reason)
        return user.click(within(dialog()!).getByRole('button', { name: CONFIRM }))
      case 'cancel':
        return user.click(within(dialog()!).getByRole('button', { name: 'Cancel' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    closed: () => expect(dialog()).toBeNull(),
    'open.editingReason': ({ snapshot }) => {
      const { target, error } = snapshot.context as { target: AdminUserTarget; error?: Feedback }
      expect(within(dialog()!).getByRole('heading', { name: TITLES[target.action] })).toBeTruthy()
      expect(within(dialog()!).getByText(new RegExp(USER.label))).toBeTruthy()
      expectError(error)
    },
    'open.submitting': ({ pending }) => {
      expect(isBusy(within(dialog()!).getByRole('button', { name: CONFIRM }))).toBe(true)
      expect(pending.lastInput('performAction')).toMatchObject({ userId: USER.id, reason: SAMPLE.reason })
    },
    // The server's words, or the blank-reason message after a retry without one.
    'open.failed': ({ snapshot }) => expectError(snapshot.context.error),
    done: ({ screen: rendered, snapshot }) => {
      expect(dialog()).toBeNull()
      expect(rendered.completed).toEqual([snapshot.context.target])
      expect(rendered.notices.at(-1)?.kind).toBe('success')
    },
  },
})
