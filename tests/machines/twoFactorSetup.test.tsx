import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import type { Notice } from '../../src/machines/parts/feedback.ts'
import { twoFactorSetupMachine } from '../../src/machines/settings/twoFactorSetup.ts'
import { TwoFactorSection } from '../../src/routes/settings/SecuritySection.tsx'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import { renderWithProviders } from '../ui/providers.tsx'
import { byTestId, enterCode, expectMessage, isBusy } from './screenHelpers.ts'
import { aProfile } from './settingsFixtures.ts'
import { noWayToPerform, walkMachine } from './walk.tsx'

const codeForm = () => byTestId('twofactor-code-form')
const toggleButton = () => screen.getByRole('button', { name: /^(Enable|Turn off)/ })

walkMachine({
  machine: twoFactorSetupMachine.definition,
  render: async (pending, variant) => {
    const { enabled } = variant.input as { enabled: boolean }
    const notices: Notice[] = []
    const changes: boolean[] = []
    const rendered = await renderWithProviders(
      <TwoFactorSection
        profile={aProfile({ twofactorMode: enabled })}
        implementations={{
          actors: {
            sendCode: fromPromise(() => pending.add('sendCode')),
            toggle: fromPromise(({ input }) => pending.add('toggle', input)),
          },
          actions: {
            notify: (_, notice) => void notices.push(notice),
            changed: (_, mode) => void changes.push(mode),
          },
        }}
      />,
    )
    return { ...rendered, notices, changes }
  },
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'start':
        return user.click(toggleButton())
      case 'submitCode':
        await enterCode(user, codeForm(), event.code)
        return user.click(within(codeForm()).getByRole('button', { name: 'Confirm' }))
      case 'cancel':
        return user.click(within(codeForm()).getByRole('button', { name: 'Cancel' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    idle: ({ snapshot, screen: rendered, variant }) => {
      const { enabled } = snapshot.context
      expect(screen.getByText(enabled ? 'On' : 'Off')).toBeTruthy()
      expect(toggleButton().textContent).toBe(enabled ? 'Turn off' : 'Enable')
      expect(screen.queryByTestId('twofactor-code-form')).toBeNull()
      expectMessage(rendered.container, snapshot.context.error)
      // Confirming hid the entry: the mode flipped, the toast said so, the profile follows.
      if (enabled !== (variant.input as { enabled: boolean }).enabled) {
        const key = enabled ? 'settings.tfaEnabled' : 'settings.tfaDisabled'
        expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key } })
        expect(rendered.changes).toEqual([enabled])
      }
    },
    sendingCode: ({ pending }) => {
      expect(isBusy(toggleButton())).toBe(true)
      expect(pending.calls.map((call) => call.id)).toEqual(['sendCode'])
    },
    enteringCode: ({ snapshot, screen: rendered }) => {
      expect(within(codeForm()).getByText(new RegExp(SAMPLE.email))).toBeTruthy()
      expectMessage(codeForm(), snapshot.context.error)
      if (!snapshot.context.error) {
        expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'settings.codeSent' } })
      }
    },
    confirming: ({ pending }) => {
      expect(isBusy(within(codeForm()).getByRole('button', { name: 'Confirm' }))).toBe(true)
      // The code is sent as a number, leading zero and all lost.
      expect(pending.lastInput('toggle')).toEqual({ code: Number(SAMPLE.code) })
    },
  },
})
