import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { EventFrom } from 'xstate'
import { closeGuardMachine } from '../../src/machines/settings/closeGuard.ts'
import { SettingsRoute } from '../../src/routes/settings/SettingsRoute.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { noWayToPerform, walkMachine } from './walk.tsx'
import { aProfile } from './settingsFixtures.ts'

type Event = EventFrom<typeof closeGuardMachine>

const settings = () => screen.queryByTestId('settings-modal')
const question = () => screen.queryByTestId('discard-confirmation')
const nameField = () => within(settings()!).getByLabelText<HTMLInputElement>('Full name')

/** The settings modal as the shell opens it; closing hides it and is counted. */
async function renderSettings() {
  const closes: number[] = []
  function Shell() {
    const [open, setOpen] = useState(true)
    return (
      <SettingsRoute
        open={open}
        onClose={() => {
          closes.push(Date.now())
          setOpen(false)
        }}
        profile={aProfile()}
      />
    )
  }
  await renderWithProviders(<Shell />)
  await within(settings()!).findByLabelText('Full name')
  return { closes }
}

async function perform(event: Event, user: ReturnType<typeof userEvent.setup>) {
  switch (event.type) {
    case 'close':
      if (event.dirty) await user.type(nameField(), ' Jr.')
      return user.keyboard('{Escape}')
    case 'keepEditing':
      return user.click(within(question()!).getByTestId('keep-editing'))
    case 'discard':
      return user.click(within(question()!).getByTestId('discard-draft'))
    default:
      return noWayToPerform(event)
  }
}

walkMachine({
  machine: closeGuardMachine,
  render: () => renderSettings(),
  perform: (event, { user }) => perform(event as Event, user),
  expectScreen: {
    idle: ({ screen: rendered }) => {
      expect(question()).toBeNull()
      expect(settings() === null).toBe(rendered.closes.length > 0)
    },
    confirmingDiscard: () => {
      expect(within(question()!).getByRole('heading', { name: 'Discard your changes?' })).toBeTruthy()
      // The settings stay open under the question, as typed.
      expect(nameField().value).toContain('Jr.')
    },
  },
})

describe('closing the settings', () => {
  it('closes at once when nothing was typed', async () => {
    const user = userEvent.setup()
    const { closes } = await renderSettings()
    await perform({ type: 'close', dirty: false }, user)
    expect(closes).toHaveLength(1)
    expect(question()).toBeNull()
  })

  it('keeps the typing when the host keeps editing, and drops it only on Discard', async () => {
    const user = userEvent.setup()
    const { closes } = await renderSettings()
    await perform({ type: 'close', dirty: true }, user)
    expect(closes).toHaveLength(0)
    await perform({ type: 'keepEditing' }, user)
    expect(question()).toBeNull()
    expect(nameField().value).toContain('Jr.')
    await user.keyboard('{Escape}')
    await perform({ type: 'discard' }, user)
    expect(closes).toHaveLength(1)
    expect(settings()).toBeNull()
  })
})
