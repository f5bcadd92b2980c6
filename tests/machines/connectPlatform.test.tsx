import { screen, within } from '@testing-library/react'
import { useMachine } from '@xstate/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import type { Notice } from '../../src/machines/feedback.ts'
import { connectPlatformMachine, type PlatformLink } from '../../src/machines/connectPlatform.ts'
import { ConnectPlatformDialog } from '../../src/ui/integration/ConnectPlatformDialog.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { expectMessage, fill, isBusy, textOf } from './screenHelpers.ts'
import { noWayToPerform, walkMachine, type PendingCalls } from './walk.tsx'

const PROPERTIES = [
  { id: 'property-1', name: 'Palm Villa' },
  { id: 'property-2', name: 'Corniche Flat' },
]
const dialog = () => screen.queryByTestId('connect-dialog')

/** The integration page's dialog bound the way IntegrationRoute binds it, with fake calls. */
async function renderDialog(pending: PendingCalls) {
  const notices: Notice[] = []
  const connected: PlatformLink[] = []
  const machine = connectPlatformMachine.provide({
    actors: { connect: fromPromise(({ input }) => pending.add('connect', input)) },
    actions: {
      notify: (_, notice) => void notices.push(notice),
      connected: (_, link) => void connected.push(link),
    },
  })
  function Harness() {
    const [state, send] = useMachine(machine)
    const { platformName, propertyId, error } = state.context
    return (
      <>
        <button onClick={() => send({ type: 'open', platformName: 'Vrbo', propertyId: 'property-1' })}>
          Connect Vrbo
        </button>
        <ConnectPlatformDialog
          open={!state.matches('closed')}
          platformName={platformName}
          properties={PROPERTIES}
          propertyId={propertyId}
          error={error && textOf(error)}
          busy={state.matches('connecting')}
          onSubmit={(link) => send({ type: 'submit', ...link })}
          onCancel={() => send({ type: 'cancel' })}
        />
      </>
    )
  }
  await renderWithProviders(<Harness />)
  return { notices, connected }
}

walkMachine({
  machine: connectPlatformMachine,
  render: renderDialog,
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'open':
        return user.click(screen.getByRole('button', { name: 'Connect Vrbo' }))
      case 'submit':
        await user.selectOptions(within(dialog()!).getByLabelText('Property'), event.propertyId)
        await fill(user, within(dialog()!).getByLabelText('Vrbo calendar link'), event.urlPath)
        return user.click(within(dialog()!).getByRole('button', { name: 'Connect' }))
      case 'cancel':
        return user.click(within(dialog()!).getByRole('button', { name: 'Cancel' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    closed: ({ screen: rendered }) => {
      expect(dialog()).toBeNull()
      if (rendered.connected.length) {
        expect(rendered.connected.at(-1)).toMatchObject({ platformName: 'Vrbo', propertyId: 'property-2' })
        expect(rendered.notices.at(-1)).toEqual({
          kind: 'success',
          feedback: { key: 'integration.connected' },
        })
      }
    },
    editing: ({ snapshot }) => {
      expect(within(dialog()!).getByRole('heading', { name: 'Connect Vrbo' })).toBeTruthy()
      expectMessage(dialog()!, snapshot.context.error)
    },
    connecting: ({ pending }) => {
      expect(isBusy(within(dialog()!).getByRole('button', { name: 'Connect' }))).toBe(true)
      expect(pending.lastInput('connect')).toEqual({
        propertyId: 'property-2',
        platformName: 'Vrbo',
        urlPath: SAMPLE.calendarLink,
      })
    },
  },
})
