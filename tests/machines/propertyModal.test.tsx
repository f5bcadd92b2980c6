import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast, { Toaster } from 'react-hot-toast'
import { fromPromise, type EventFrom, type SnapshotFrom } from 'xstate'
import { ApiError } from '../../src/actors/http.ts'
import { draftFrom } from '../../src/domain/property.ts'
import { propertyModalMachine, type PropertyTab } from '../../src/machines/property/propertyModal.ts'
import { PropertyEditor } from '../../src/routes/properties/PropertyEditor.tsx'
import { aCalendar, anImage, aProperty } from '../ui/propertyBuilders.ts'
import { renderWithProviders } from '../ui/providers.tsx'
import { everyPath, type MachinePath } from './everyPath.ts'
import { expectMessageAtField } from './screenHelpers.ts'
import type { StateName } from './walk.tsx'

const PROPERTY = aProperty({ externalCalendars: [aCalendar()] })
PROPERTY.images = [anImage(PROPERTY.id), anImage(PROPERTY.id)]
const INTERNAL_URL = 'http://127.0.0.1:3000/api/calendar/secret-token.ics'
const SERVER_MESSAGE = 'name: already used by another property'
/** What the graph walk types to make the draft differ from the stored property. */
const CHANGED = { name: 'Palm Villa II', link: 'https://www.airbnb.com/calendar/ical/43.ics' }

type Event = EventFrom<typeof propertyModalMachine>
type Snapshot = SnapshotFrom<typeof propertyModalMachine>
type ModalState = StateName<typeof propertyModalMachine.definition>
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }

// Every event the modal can receive, with the payloads the screen would send.
const EVENTS = [
  { type: 'toggleMode' },
  ...(['about', 'connections', 'statistics'] as const).map((tab) => ({ type: 'selectTab' as const, tab })),
  { type: 'save', changes: { draft: draftFrom(PROPERTY), newPhotos: [], removedImageIds: [] } },
  { type: 'requestDelete' },
  { type: 'cancelDelete' },
  { type: 'confirmDelete' },
  { type: 'close', dirty: false },
  { type: 'close', dirty: true },
  { type: 'keepEditing' },
  { type: 'discard' },
  { type: 'xstate.done.actor.save' },
  { type: 'xstate.error.actor.save', error: new Error(SERVER_MESSAGE) },
  { type: 'xstate.done.actor.delete' },
  { type: 'xstate.error.actor.delete', error: new Error(SERVER_MESSAGE) },
] as Event[]

// View mode shows no form to change: a draft changed there is walked in its own test below.
const TRAVERSAL = {
  events: (state: Snapshot) =>
    state.matches('viewing') ? EVENTS.filter((event) => !(event.type === 'close' && event.dirty)) : EVENTS,
  input: { propertyId: PROPERTY.id },
  // The walk's failed saves carry no fields, so a refusal changes nothing on screen (a refusal
  // with fields has its own test below).
  serializeState: (state: Snapshot) => JSON.stringify([state.value, state.context.tab]),
}

/** The real editor (machine, binding and view) with save and delete the test settles by hand. */
async function renderEditor() {
  const pending = { save: [] as Pending[], delete: [] as Pending[] }
  const settleLater = (queue: Pending[]) => (_input: unknown) =>
    new Promise((resolve, reject) => queue.push({ resolve, reject }))
  const save = vi.fn(settleLater(pending.save))
  const remove = vi.fn(settleLater(pending.delete))
  const onClosed = vi.fn()
  const machine = propertyModalMachine({
    actors: {
      saveProperty: fromPromise(({ input }) => save(input)),
      deleteProperty: fromPromise(({ input }) => remove(input)),
    },
  })
  await renderWithProviders(
    <>
      <PropertyEditor
        machine={machine}
        property={PROPERTY}
        choices={{ status: 'ready', names: ['Airbnb', 'Booking.com', 'Gathern'] }}
        internalCalendar={{ url: INTERNAL_URL, loading: false, now: 0 }}
        statistics={<p>five figures</p>}
        onClosed={onClosed}
      />
      <Toaster />
    </>,
  )
  return { pending, save, remove, onClosed }
}

type Rendered = Awaited<ReturnType<typeof renderEditor>>
const user = userEvent.setup()
const modal = () => screen.getByTestId('property-modal')

/** The editor switched to its form: it opens showing the property. */
async function renderEditing() {
  const rendered = await renderEditor()
  await user.click(within(modal()).getByTestId('mode-edit'))
  return rendered
}
const confirmation = () => screen.getByTestId('delete-confirmation')
const discardQuestion = () => screen.getByTestId('discard-confirmation')
const openTab = () => modal().querySelector('[data-tab]')?.getAttribute('data-tab')

async function perform(rendered: Rendered, event: Event | { type: string }) {
  switch (event.type) {
    case 'xstate.init':
      return
    case 'toggleMode': {
      const other = within(modal()).getAllByRole('button', { pressed: false })
      return user.click(other[0] as HTMLElement)
    }
    case 'selectTab':
      return user.click(within(modal()).getByTestId(`tab-${(event as { tab: PropertyTab }).tab}`))
    case 'save':
      return user.click(within(modal()).getByTestId('save-property'))
    case 'requestDelete':
      return user.click(within(modal()).getByTestId('delete-property'))
    case 'cancelDelete':
      return user.click(within(confirmation()).getByTestId('cancel-delete'))
    case 'confirmDelete':
      return user.click(within(confirmation()).getByTestId('confirm-delete'))
    case 'close':
      if (!(event as { dirty: boolean }).dirty)
        return user.click(within(modal()).getAllByRole('button', { name: 'Close' })[0] as HTMLElement)
      // Something typed on the open tab, then Escape.
      if (openTab() === 'about')
        fireEvent.change(within(modal()).getByLabelText('Property name'), { target: { value: CHANGED.name } })
      else
        fireEvent.change(within(modal()).getByLabelText('Airbnb calendar link'), {
          target: { value: CHANGED.link },
        })
      return user.keyboard('{Escape}')
    case 'keepEditing':
      return user.click(within(discardQuestion()).getByTestId('keep-editing'))
    case 'discard':
      return user.click(within(discardQuestion()).getByTestId('discard-draft'))
    case 'xstate.done.actor.save':
      return act(async () => rendered.pending.save.shift()?.resolve({}))
    case 'xstate.error.actor.save':
      return act(async () => rendered.pending.save.shift()?.reject(new Error(SERVER_MESSAGE)))
    case 'xstate.done.actor.delete':
      return act(async () => rendered.pending.delete.shift()?.resolve({}))
    case 'xstate.error.actor.delete':
      return act(async () => rendered.pending.delete.shift()?.reject(new Error(SERVER_MESSAGE)))
    default:
      throw new Error(`no way to perform ${event.type}`)
  }
}

const stateName = (snapshot: Snapshot) =>
  (typeof snapshot.value === 'string'
    ? snapshot.value
    : Object.entries(snapshot.value).map(([parent, child]) => `${parent}.${child}`)[0]) as ModalState

type Check = (rendered: Rendered, snapshot: Snapshot, lastEvent: { type: string }) => void | Promise<void>

/** What the open modal shows in either mode, whatever the machine is doing; `changed` after typing. */
function expectOpenEditor(
  snapshot: Snapshot,
  mode: 'edit' | 'view',
  activity: 'idle' | 'busy' = 'idle',
  draft: 'stored' | 'changed' = 'stored',
) {
  const { tab } = snapshot.context
  // By test id: behind the delete confirmation the editor is inert and hidden from roles.
  const panel = within(modal()).getByTestId(`panel-${tab}`)
  expect(within(modal()).getByTestId(`mode-${mode}`).getAttribute('aria-pressed')).toBe('true')
  expect(within(modal()).getByTestId(`tab-${tab}`).getAttribute('aria-selected')).toBe('true')
  // The photos are the property's details: on About only.
  expect(within(modal()).queryByTestId('photo-gallery') !== null).toBe(tab === 'about')
  if (mode === 'edit') {
    expect(within(modal()).queryByTestId('tab-statistics')).toBeNull()
    // Photos can be removed while nothing is on its way to the server.
    expect(within(modal()).queryAllByTestId('remove-photo').length > 0).toBe(
      activity === 'idle' && tab === 'about',
    )
    if (tab === 'about')
      expect((within(panel).getByLabelText('Property name') as HTMLInputElement).value).toBe(
        draft === 'changed' ? CHANGED.name : 'Palm Villa',
      )
    if (tab === 'connections') {
      expect(within(panel).getByTestId('platform-selector')).toBeTruthy()
      expect((within(panel).getByLabelText('Airbnb calendar link') as HTMLInputElement).value).toBe(
        draft === 'changed' ? CHANGED.link : PROPERTY.externalCalendars[0]?.urlPath,
      )
      expect((within(panel).getByTestId('internal-calendar-url') as HTMLInputElement).value).toBe(
        INTERNAL_URL,
      )
    }
  } else {
    expect(within(modal()).getByTestId('tab-statistics')).toBeTruthy()
    expect(within(modal()).queryByTestId('save-property')).toBeNull()
    expect(within(modal()).queryByTestId('remove-photo')).toBeNull()
    if (tab === 'about')
      expect(within(panel).getByTestId('property-details').textContent).toContain('6 guests')
    if (tab === 'connections')
      expect(within(panel).getByTestId('connection-list').textContent).toContain('Airbnb')
    if (tab === 'statistics') expect(within(panel).getByText('five figures')).toBeTruthy()
  }
}

const noConfirmation = () => {
  expect(screen.queryByTestId('delete-confirmation')).toBeNull()
  expect(screen.queryByTestId('discard-confirmation')).toBeNull()
}

/** One entry per state of the machine: a state without an entry fails the test. */
const SCREEN_FOR: Record<ModalState, Check> = {
  'editing.idle': async (rendered, snapshot, lastEvent) => {
    // Back from "Discard your changes?": nothing was lost while the question showed.
    expectOpenEditor(snapshot, 'edit', 'idle', lastEvent.type === 'keepEditing' ? 'changed' : 'stored')
    noConfirmation()
    expect(rendered.onClosed).not.toHaveBeenCalled()
    const saveButton = within(modal()).getByTestId('save-property') as HTMLButtonElement
    expect(saveButton.disabled).toBe(false)
    if (lastEvent.type.startsWith('xstate.error.actor'))
      expect(await screen.findAllByText(SERVER_MESSAGE)).toHaveLength(1)
  },
  'editing.confirmingDiscard': (rendered, snapshot) => {
    expectOpenEditor(snapshot, 'edit', 'idle', 'changed')
    expect(within(discardQuestion()).getByText('Discard your changes?')).toBeTruthy()
    expect(within(discardQuestion()).getByTestId('keep-editing').textContent).toBe('Keep editing')
    expect(screen.queryByTestId('delete-confirmation')).toBeNull()
    expect(rendered.onClosed).not.toHaveBeenCalled()
  },
  'editing.confirmingDelete': (_rendered, snapshot) => {
    expectOpenEditor(snapshot, 'edit')
    // The name is set apart by direction (<bdi>), so the sentence spans elements.
    expect(confirmation().textContent).toMatch(/“Palm Villa” will be removed/)
    expect(within(confirmation()).getByTestId('confirm-delete').getAttribute('aria-busy')).toBeNull()
  },
  'editing.saving': (rendered, snapshot) => {
    expectOpenEditor(snapshot, 'edit', 'busy')
    expect(within(modal()).getByTestId('save-property').getAttribute('aria-busy')).toBe('true')
    expect(rendered.save).toHaveBeenLastCalledWith({
      propertyId: PROPERTY.id,
      changes: { draft: draftFrom(PROPERTY), newPhotos: [], removedImageIds: [] },
    })
  },
  'editing.deleting': (rendered, snapshot) => {
    expectOpenEditor(snapshot, 'edit', 'busy')
    expect(within(confirmation()).getByTestId('confirm-delete').getAttribute('aria-busy')).toBe('true')
    expect(rendered.remove).toHaveBeenLastCalledWith({ propertyId: PROPERTY.id })
  },
  viewing: (_rendered, snapshot) => {
    expectOpenEditor(snapshot, 'view')
    noConfirmation()
  },
  closed: async (rendered, _snapshot, lastEvent) => {
    expect(screen.queryByTestId('property-modal')).toBeNull()
    expect(rendered.onClosed).toHaveBeenCalled()
    if (lastEvent.type === 'discard' || lastEvent.type === 'close')
      expect(rendered.save).not.toHaveBeenCalled()
    if (lastEvent.type === 'xstate.done.actor.save')
      expect(await screen.findAllByText('Property updated!')).toHaveLength(1)
    if (lastEvent.type === 'xstate.done.actor.delete')
      expect(await screen.findAllByText('Property deleted!')).toHaveLength(1)
  },
}

async function expectScreenFor(rendered: Rendered, snapshot: Snapshot, lastEvent: { type: string }) {
  const check = SCREEN_FOR[stateName(snapshot)]
  if (!check) throw new Error(`no screen check for state ${stateName(snapshot)}`)
  await check(rendered, snapshot, lastEvent)
}

type Path = MachinePath<typeof propertyModalMachine.definition>

const describePath = (path: Path) =>
  path.steps
    .map(({ event }) =>
      'tab' in event
        ? `${event.type}(${String(event.tab)})`
        : 'dirty' in event
          ? `${event.type}(${event.dirty ? 'dirty' : 'clean'})`
          : event.type,
    )
    .filter((type) => type !== 'xstate.init')
    .join(' → ') || 'opening'

describe('property edit/view modal', () => {
  const paths = everyPath(propertyModalMachine.definition, TRAVERSAL)
  // react-hot-toast keeps its toasts in a module-wide store.
  afterEach(() => toast.remove())

  it('reaches every state of the machine', () => {
    const reached = new Set(paths.map((path) => stateName(path.state)))
    expect([...reached].sort()).toEqual(Object.keys(SCREEN_FOR).sort())
  })

  it('opens showing the property, with Edit to switch to the form', async () => {
    await renderEditor()
    expect(within(modal()).getByTestId('mode-view').getAttribute('aria-pressed')).toBe('true')
    expect(within(modal()).getByTestId('property-details')).toBeTruthy()
    expect(within(modal()).queryByTestId('save-property')).toBeNull()
    await user.click(within(modal()).getByRole('button', { name: 'Edit' }))
    expect(within(modal()).getByTestId('save-property')).toBeTruthy()
  })

  it('sends nothing while the draft has a problem: Save opens the tab that shows it, at its field', async () => {
    const rendered = await renderEditing()
    await user.click(within(modal()).getByTestId('tab-connections'))
    fireEvent.change(within(modal()).getByLabelText('Airbnb calendar link'), {
      target: { value: 'airbnb calendar' },
    })
    await user.click(within(modal()).getByTestId('tab-about'))
    fireEvent.change(within(modal()).getByLabelText('Capacity (guests)'), { target: { value: '0' } })
    await user.click(within(modal()).getByTestId('save-property'))
    expect(rendered.save).not.toHaveBeenCalled()
    // The open tab shows a problem, so it stays open.
    expect(openTab()).toBe('about')
    expect(within(modal()).getByText('Capacity must be a whole number from 1 to 10000')).toBeTruthy()
    fireEvent.change(within(modal()).getByLabelText('Capacity (guests)'), { target: { value: '6' } })
    await user.click(within(modal()).getByTestId('save-property'))
    expect(rendered.save).not.toHaveBeenCalled()
    expect(openTab()).toBe('connections')
    expect(
      within(modal()).getByText('The calendar link for Airbnb must be an http(s) web address'),
    ).toBeTruthy()
    fireEvent.change(within(modal()).getByLabelText('Airbnb calendar link'), {
      target: { value: CHANGED.link },
    })
    await user.click(within(modal()).getByTestId('save-property'))
    expect(rendered.save).toHaveBeenCalledTimes(1)
  })

  it('brings a wrong-platform link into view and focuses it when Save finds it, from another tab', async () => {
    await renderEditing()
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView')
    await user.click(within(modal()).getByTestId('tab-connections'))
    fireEvent.change(within(modal()).getByLabelText('Airbnb calendar link'), {
      target: { value: 'https://ical.booking.com/v1/export?t=4f1c' },
    })
    await user.click(within(modal()).getByTestId('tab-about'))
    await user.click(within(modal()).getByTestId('save-property'))
    expect(openTab()).toBe('connections')
    const link = within(modal()).getByLabelText('Airbnb calendar link')
    expect(link.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(link)
    expect(scrolled.mock.contexts).toContain(link)
    // Typing on elsewhere afterwards does not pull the focus back to the link.
    const name = within(modal()).queryByLabelText('Property name')
    expect(name).toBeNull()
    await user.click(within(modal()).getByTestId('tab-about'))
    within(modal()).getByLabelText('Property name').focus()
    fireEvent.change(within(modal()).getByLabelText('Property name'), { target: { value: CHANGED.name } })
    expect(document.activeElement).toBe(within(modal()).getByLabelText('Property name'))
    scrolled.mockRestore()
  })

  it('shows the server’s refusal of a link at the link, on the tab that holds it', async () => {
    const rendered = await renderEditing()
    fireEvent.change(within(modal()).getByLabelText('Property name'), { target: { value: CHANGED.name } })
    await user.click(within(modal()).getByTestId('save-property'))
    const refusal = 'The Airbnb link is the same as the Gathern link: a calendar can be linked only once'
    await act(async () =>
      rendered.pending.save[0]!.reject(
        new ApiError(refusal, 400, undefined, { 'externalCalendars.Airbnb': refusal }),
      ),
    )
    expect(openTab()).toBe('connections')
    expectMessageAtField(modal(), 'Airbnb calendar link', refusal)
  })

  it('shows the server’s refusal of the photos under the photos, on About where they are', async () => {
    const rendered = await renderEditing()
    await user.click(within(modal()).getByTestId('tab-connections'))
    await user.click(within(modal()).getByTestId('save-property'))
    const refusal = 'A property can have at most 30 photos. Remove some to add others.'
    await act(async () =>
      rendered.pending.save[0]!.reject(new ApiError(refusal, 409, undefined, { images: refusal })),
    )
    expect(openTab()).toBe('about')
    expectMessageAtField(modal(), 'Add photos', refusal)
  })

  it('asks before dropping changes left behind in view mode, and keeps them on the edit form', async () => {
    const rendered = await renderEditing()
    fireEvent.change(within(modal()).getByLabelText('Property name'), { target: { value: CHANGED.name } })
    await user.click(within(modal()).getByTestId('mode-view'))
    await user.click(within(modal()).getByTestId('tab-statistics'))
    await user.keyboard('{Escape}')
    expect(within(discardQuestion()).getByText('Discard your changes?')).toBeTruthy()
    await user.click(within(discardQuestion()).getByTestId('keep-editing'))
    expect(within(modal()).getByTestId('mode-edit').getAttribute('aria-pressed')).toBe('true')
    expect((within(modal()).getByLabelText('Property name') as HTMLInputElement).value).toBe(CHANGED.name)
    await user.click(within(modal()).getAllByRole('button', { name: 'Close' })[0] as HTMLElement)
    await user.click(within(discardQuestion()).getByTestId('discard-draft'))
    expect(screen.queryByTestId('property-modal')).toBeNull()
    expect(rendered.onClosed).toHaveBeenCalled()
    expect(rendered.save).not.toHaveBeenCalled()
  })

  for (const path of paths) {
    it(`${describePath(path)} ⇒ ${stateName(path.state)} (${path.state.context.tab})`, async () => {
      const rendered = await renderEditor()
      for (const step of path.steps) await perform(rendered, step.event)
      await expectScreenFor(rendered, path.state, path.steps.at(-1)?.event ?? { type: 'xstate.init' })
    })
  }
})
