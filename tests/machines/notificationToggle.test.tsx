import { screen } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import { notificationToggleMachine } from '../../src/machines/settings/notificationToggle.ts'
import { NotificationsSection } from '../../src/routes/settings/NotificationsSection.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { isBusy } from './screenHelpers.ts'
import { aProfile } from './settingsFixtures.ts'
import { walkMachine } from './walk.tsx'

const toggle = () => screen.getByRole('switch', { name: 'New booking alerts' })
const isOn = () => toggle().getAttribute('aria-checked') === 'true'

walkMachine({
  machine: notificationToggleMachine.definition,
  render: async (pending, variant) => {
    const { enabled } = variant.input as { enabled: boolean }
    const changes: boolean[] = []
    const failures: unknown[] = []
    const rendered = await renderWithProviders(
      <NotificationsSection
        profile={aProfile({ notifications: enabled })}
        implementations={{
          actors: { save: fromPromise(({ input }) => pending.add('save', input)) },
          actions: {
            changed: (_, value) => void changes.push(value),
            logFailure: (_, { error }) => void failures.push(error),
          },
        }}
      />,
    )
    return { ...rendered, changes, failures }
  },
  // The only event a person causes here is `toggle`.
  perform: (_, { user }) => user.click(toggle()),
  expectScreen: {
    idle: ({ snapshot, screen: rendered, pending }) => {
      expect(isOn()).toBe(snapshot.context.enabled)
      expect(isBusy(toggle())).toBe(false)
      if (pending.calls.length === 0) return
      // Saved: the answer's flag shows and the profile follows. Failed: back as it was, logged only.
      if (rendered.failures.length) {
        expect(isOn()).toBe(true)
        expect(rendered.changes).toEqual([])
      } else expect(rendered.changes).toEqual([false])
    },
    saving: ({ pending }) => {
      // Optimistic: switched before the server answers.
      expect(isOn()).toBe(false)
      expect(isBusy(toggle())).toBe(true)
      expect(pending.lastInput('save')).toEqual({ enabled: false })
    },
  },
})
