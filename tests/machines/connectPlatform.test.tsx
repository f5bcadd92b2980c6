import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useMachine } from '@xstate/react'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import { ApiError } from '../../src/actors/http.ts'
import type { Notice } from '../../src/machines/parts/feedback.ts'
import {
  CONNECT_CHECKS,
  connectPlatformMachine,
  type PlatformLink,
} from '../../src/machines/integration/connectPlatform.ts'
import { ConnectPlatformDialogs } from '../../src/routes/integration/ConnectPlatformDialogs.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { expectFeedback, expectMessageAtField, fill, isBusy } from './screenHelpers.ts'
import { noWayToPerform, PendingCalls, walkMachine } from './walk.tsx'

// Palm Villa links Vrbo already: the dialog offers the other two.
const PROPERTIES = [
  { id: 'property-1', name: 'Palm Villa' },
  { id: 'property-2', name: 'Corniche Flat' },
  { id: 'property-3', name: 'Desert Lodge' },
]
const UNLINKED = ['property-2', 'property-3']
const dialog = () => screen.queryByTestId('connect-dialog')
const discardQuestion = () => screen.queryByTestId('discard-confirmation')
const FIELD_LABELS: Partial<Record<string, string>> = {
  propertyId: 'Property',
  urlPath: 'Vrbo calendar link',
}

/** The integration page's dialog bound the way IntegrationRoute binds it, with fake calls. */
async function renderDialog(pending: PendingCalls) {
  const notices: Notice[] = []
  const connected: PlatformLink[] = []
  const machine = connectPlatformMachine({
    actors: { connect: fromPromise(({ input }) => pending.add('connect', input)) },
    actions: {
      notify: (_, notice) => void notices.push(notice),
      connected: (_, link) => void connected.push(link),
    },
  })
  function Harness() {
    const [state, send] = useMachine(machine)
    return (
      <>
        <button onClick={() => send({ type: 'open', platformName: 'Vrbo', propertyIds: UNLINKED })}>
          Connect Vrbo
        </button>
        <ConnectPlatformDialogs state={state} send={send} properties={PROPERTIES} />
      </>
    )
  }
  await renderWithProviders(<Harness />)
  return { notices, connected }
}

walkMachine({
  machine: connectPlatformMachine.definition,
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
        // A pasted link first when the host has unsaved input.
        if (event.dirty)
          await fill(user, within(dialog()!).getByLabelText('Vrbo calendar link'), SAMPLE.calendarLink)
        return user.click(within(dialog()!).getByRole('button', { name: 'Cancel' }))
      case 'keepEditing':
        return user.click(within(discardQuestion()!).getByTestId('keep-editing'))
      case 'discard':
        return user.click(within(discardQuestion()!).getByTestId('discard-draft'))
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
      const options = within(dialog()!).getAllByRole('option')
      expect(options.map((option) => option.textContent)).toEqual(['Corniche Flat', 'Desert Lodge'])
      // The dialog's own checks sit at their field, not above the buttons.
      expectFeedback(dialog()!, snapshot.context.error, CONNECT_CHECKS, FIELD_LABELS)
    },
    // "Discard this link?" over the dialog, which still holds the pasted link.
    confirmingDiscard: () => {
      expect(within(discardQuestion()!).getByRole('heading', { name: 'Discard this link?' })).toBeTruthy()
      expect(within(dialog()!).getByLabelText<HTMLInputElement>('Vrbo calendar link').value).toBe(
        SAMPLE.calendarLink,
      )
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

describe('connecting any property to any platform', () => {
  // Nothing here gets as far as the call.
  const machine = connectPlatformMachine({ actors: { connect: fromPromise(() => new Promise(() => {})) } })

  it('does not open while every property links the platform', () => {
    const actor = createActor(machine).start()
    actor.send({ type: 'open', platformName: 'Airbnb', propertyIds: [] })
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('starts from the first property not linked yet, and refuses one that is', () => {
    const actor = createActor(machine).start()
    actor.send({ type: 'open', platformName: 'Airbnb', propertyIds: UNLINKED })
    expect(actor.getSnapshot().context.propertyId).toBe('property-2')
    actor.send({ type: 'submit', propertyId: 'property-1', urlPath: SAMPLE.calendarLink })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.error).toEqual({ key: 'integration.chooseProperty' })
  })

  it("refuses Airbnb's link for Vrbo at the link, naming both, before any call", async () => {
    const pending = new PendingCalls()
    await renderDialog(pending)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Connect Vrbo' }))
    await fill(user, within(dialog()!).getByLabelText('Vrbo calendar link'), SAMPLE.otherPlatformLink)
    await user.click(within(dialog()!).getByRole('button', { name: 'Connect' }))
    expectMessageAtField(
      dialog()!,
      'Vrbo calendar link',
      "This looks like a link from Airbnb. Paste Vrbo's own calendar link here.",
    )
    expect(pending.lastInput('connect')).toBeUndefined()
  })

  it('shows the server’s refusal of the link at the link, not above the buttons', async () => {
    const pending = new PendingCalls()
    await renderDialog(pending)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Connect Vrbo' }))
    await fill(user, within(dialog()!).getByLabelText('Vrbo calendar link'), SAMPLE.calendarLink)
    await user.click(within(dialog()!).getByRole('button', { name: 'Connect' }))
    const refusal = 'The Vrbo link is the same as the Airbnb link: a calendar can be linked only once'
    await pending.settle({
      type: 'xstate.error.actor.connect',
      error: new ApiError(refusal, 400, undefined, { urlPath: refusal }),
    })
    expectMessageAtField(dialog()!, 'Vrbo calendar link', refusal)
  })
})
