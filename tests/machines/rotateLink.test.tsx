import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import type { Notice } from '../../src/machines/parts/feedback.ts'
import { rotateLinkMachine } from '../../src/machines/property/rotateLink.ts'
import { RotateCalendarLinkButton } from '../../src/routes/properties/RotateCalendarLinkButton.tsx'
import { renderRoute } from '../ui/render.tsx'
import { expectMessage, isBusy } from './screenHelpers.ts'
import { noWayToPerform, walkMachine } from './walk.tsx'

const dialog = () => screen.queryByTestId('rotate-link-dialog')

walkMachine({
  machine: rotateLinkMachine.definition,
  render: async (pending) => {
    const notices: Notice[] = []
    const rendered = await renderRoute(
      <RotateCalendarLinkButton
        propertyId="p1"
        platformName="Airbnb"
        implementations={{
          actors: { perform: fromPromise(() => pending.add('rotateLink')) },
          actions: { notify: (_, notice) => void notices.push(notice) },
        }}
      />,
      { path: '/properties' },
    )
    return { ...rendered, notices }
  },
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'open':
        return user.click(screen.getByRole('button', { name: 'New link' }))
      case 'confirm':
        return user.click(within(dialog()!).getByRole('button', { name: 'Replace the link' }))
      case 'cancel':
        return user.click(within(dialog()!).getByRole('button', { name: 'Cancel' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    closed: () => {
      expect(dialog()).toBeNull()
      expect(screen.getByRole('button', { name: 'New link' })).toBeTruthy()
    },
    confirming: ({ snapshot }) => {
      expect(within(dialog()!).getByRole('heading', { name: 'Replace the link for Airbnb?' })).toBeTruthy()
      expect(dialog()!.textContent).toContain("Paste the new one into Airbnb's calendar import")
      expectMessage(dialog()!, snapshot.context.error)
    },
    performing: () => {
      expect(isBusy(within(dialog()!).getByRole('button', { name: 'Replace the link' }))).toBe(true)
    },
    // Replaced: the confirmation has closed, and "New link" can replace the new one in turn.
    done: ({ screen: rendered }) => {
      expect(dialog()).toBeNull()
      expect(screen.getByRole('button', { name: 'New link' })).toBeTruthy()
      expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'property.linkRotated' } })
    },
  },
})
