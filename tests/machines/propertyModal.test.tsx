import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast, { Toaster } from 'react-hot-toast'
import { fromPromise, type EventFrom, type SnapshotFrom } from 'xstate'
import { draftFrom } from '../../src/domain/property.ts'
import {
  propertyModalMachine,
  type PropertyModalState,
  type PropertyTab,
} from '../../src/machines/propertyModal.ts'
import { PropertyEditor } from '../../src/routes/properties/PropertyEditor.tsx'
import { aCalendar, anImage, aProperty } from '../ui/propertyBuilders.ts'
import { renderWithProviders } from '../ui/providers.tsx'
import { everyPath, type MachinePath } from './everyPath.ts'

const PROPERTY = aProperty({ externalCalendars: [aCalendar()] })
PROPERTY.images = [anImage(PROPERTY.id), anImage(PROPERTY.id)]
const INTERNAL_URL = 'http://127.0.0.1:3000/api/calendar/secret-token.ics'
const SERVER_MESSAGE = 'name: already used by another property'

type Event = EventFrom<typeof propertyModalMachine>
type Snapshot = SnapshotFrom<typeof propertyModalMachine>
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }

// Every event the modal can receive, with the payloads the screen would send.
const EVENTS = [
  { type: 'toggleMode' },
  ...(['about', 'connections', 'statistics'] as const).map((tab) => ({ type: 'selectTab' as const, tab })),
  { type: 'save', changes: { draft: draftFrom(PROPERTY), newPhotos: [], removedImageIds: [] } },
  { type: 'requestDelete' },
  { type: 'cancelDelete' },
  { type: 'confirmDelete' },
  { type: 'close' },
  { type: 'xstate.done.actor.save' },
  { type: 'xstate.error.actor.save', error: new Error(SERVER_MESSAGE) },
  { type: 'xstate.done.actor.delete' },
  { type: 'xstate.error.actor.delete', error: new Error(SERVER_MESSAGE) },
] as Event[]

const TRAVERSAL = { events: EVENTS, input: { propertyId: PROPERTY.id } }

/** The real editor (machine, binding and view) with save and delete the test settles by hand. */
async function renderEditor() {
  const pending = { save: [] as Pending[], delete: [] as Pending[] }
  const settleLater = (queue: Pending[]) => (_input: unknown) =>
    new Promise((resolve, reject) => queue.push({ resolve, reject }))
  const save = vi.fn(settleLater(pending.save))
  const remove = vi.fn(settleLater(pending.delete))
  const onClosed = vi.fn()
  const machine = propertyModalMachine.provide({
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
        internalCalendar={{ url: INTERNAL_URL, loading: false }}
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
const confirmation = () => screen.getByTestId('delete-confirmation')

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
      return user.click(within(modal()).getAllByRole('button', { name: 'Close' })[0] as HTMLElement)
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
    : Object.entries(snapshot.value).map(([parent, child]) => `${parent}.${child}`)[0]) as PropertyModalState

type Check = (rendered: Rendered, snapshot: Snapshot, lastEvent: { type: string }) => void | Promise<void>

/** What the open modal shows in either mode, whatever the machine is doing. */
function expectOpenEditor(snapshot: Snapshot, mode: 'edit' | 'view', activity: 'idle' | 'busy' = 'idle') {
  const { tab } = snapshot.context
  // By test id: behind the delete confirmation the editor is inert and hidden from roles.
  const panel = within(modal()).getByTestId(`panel-${tab}`)
  expect(within(modal()).getByTestId(`mode-${mode}`).getAttribute('aria-pressed')).toBe('true')
  expect(within(modal()).getByTestId(`tab-${tab}`).getAttribute('aria-selected')).toBe('true')
  expect(within(modal()).getByTestId('photo-gallery')).toBeTruthy()
  if (mode === 'edit') {
    expect(within(modal()).queryByTestId('tab-statistics')).toBeNull()
    // Photos can be removed while nothing is on its way to the server.
    expect(within(modal()).queryAllByTestId('remove-photo').length > 0).toBe(activity === 'idle')
    if (tab === 'about')
      expect((within(panel).getByLabelText('Property name') as HTMLInputElement).value).toBe('Palm Villa')
    if (tab === 'connections') {
      expect(within(panel).getByTestId('platform-selector')).toBeTruthy()
      expect((within(panel).getByLabelText('Airbnb calendar link') as HTMLInputElement).value).toBe(
        PROPERTY.externalCalendars[0]?.urlPath,
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

const noConfirmation = () => expect(screen.queryByTestId('delete-confirmation')).toBeNull()

/** One entry per state of the machine: a state without an entry fails the test. */
const SCREEN_FOR: Record<PropertyModalState, Check> = {
  'editing.idle': async (_rendered, snapshot, lastEvent) => {
    expectOpenEditor(snapshot, 'edit')
    noConfirmation()
    const saveButton = within(modal()).getByTestId('save-property') as HTMLButtonElement
    expect(saveButton.disabled).toBe(false)
    if (lastEvent.type.startsWith('xstate.error.actor'))
      expect(await screen.findAllByText(SERVER_MESSAGE)).toHaveLength(1)
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

type Path = MachinePath<typeof propertyModalMachine>

const describePath = (path: Path) =>
  path.steps
    .map(({ event }) => ('tab' in event ? `${event.type}(${String(event.tab)})` : event.type))
    .filter((type) => type !== 'xstate.init')
    .join(' → ') || 'opening'

describe('property edit/view modal', () => {
  const paths = everyPath(propertyModalMachine, TRAVERSAL)
  // react-hot-toast keeps its toasts in a module-wide store.
  afterEach(() => toast.remove())

  it('reaches every state of the machine', () => {
    const reached = new Set(paths.map((path) => stateName(path.state)))
    expect([...reached].sort()).toEqual(Object.keys(SCREEN_FOR).sort())
  })

  for (const path of paths) {
    it(`${describePath(path)} ⇒ ${stateName(path.state)} (${path.state.context.tab})`, async () => {
      const rendered = await renderEditor()
      for (const step of path.steps) await perform(rendered, step.event)
      await expectScreenFor(rendered, path.state, path.steps.at(-1)?.event ?? { type: 'xstate.init' })
    })
  }
})
