import type { ReactElement } from 'react'
import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import type { FlowImplementations } from '../../src/common/useFlow.ts'
import type { confirmedActionMachine } from '../../src/machines/parts/confirmedAction.ts'
import type { Notice } from '../../src/machines/parts/feedback.ts'
import { renderRoute } from '../ui/render.tsx'
import { expectMessage, isBusy } from './screenHelpers.ts'
import { noWayToPerform, walkMachine, type Walk } from './walk.tsx'

type Flow = ReturnType<typeof confirmedActionMachine>
type Screen = Awaited<ReturnType<typeof renderRoute>> & { notices: Notice[] }

/**
 * Walks a step that asks first (src/machines/parts/confirmedAction.ts) through its control: the
 * button that opens the confirmation, the dialog's title and confirm button, and what each of
 * its resting states shows besides.
 */
export function walkConfirmedAction({
  flow,
  path,
  control,
  dialogTestId,
  openButton,
  title,
  confirmButton,
  expectClosed,
  expectConfirming = () => {},
  expectDone,
}: {
  flow: Flow
  path: string
  /** The route's control, with the walk's fake actor and notices. */
  control: (implementations: FlowImplementations<Flow>) => ReactElement
  dialogTestId: string
  openButton: string
  title: string
  confirmButton: string
  expectClosed: () => void
  /** What the confirmation says besides its title. */
  expectConfirming?: (dialog: HTMLElement) => void
  expectDone: (walk: Walk<Screen>) => void
}) {
  const dialog = () => screen.queryByTestId(dialogTestId)
  walkMachine({
    machine: flow.definition,
    render: async (pending) => {
      const notices: Notice[] = []
      const rendered = await renderRoute(
        control({
          actors: { perform: fromPromise(() => pending.add(flow.definition.id)) },
          actions: { notify: (_, notice) => void notices.push(notice) },
        }),
        { path },
      )
      return { ...rendered, notices }
    },
    perform: async (event, { user }) => {
      switch (event.type) {
        case 'open':
          return user.click(screen.getByRole('button', { name: openButton }))
        case 'confirm':
          return user.click(within(dialog()!).getByRole('button', { name: confirmButton }))
        case 'cancel':
          return user.click(within(dialog()!).getByRole('button', { name: 'Cancel' }))
        default:
          return noWayToPerform(event)
      }
    },
    expectScreen: {
      closed: () => {
        expect(dialog()).toBeNull()
        expectClosed()
      },
      confirming: ({ snapshot }) => {
        expect(within(dialog()!).getByRole('heading', { name: title })).toBeTruthy()
        expectConfirming(dialog()!)
        expectMessage(dialog()!, snapshot.context.error)
      },
      performing: () => {
        expect(isBusy(within(dialog()!).getByRole('button', { name: confirmButton }))).toBe(true)
      },
      done: (walk) => expectDone(walk),
    },
  })
}
