import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast, { Toaster } from 'react-hot-toast'
import { fromPromise, type EventFrom } from 'xstate'
import { EMPTY_DRAFT } from '../../src/domain/property.ts'
import { addPropertyMachine, type NewProperty } from '../../src/machines/property/addProperty.ts'
import { AddPropertyFlow } from '../../src/routes/properties/AddPropertyDialog.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { everyPath } from './everyPath.ts'
import type { StateName } from './walk.tsx'

const SERVER_MESSAGE = 'capacity: must be a whole number of at least 1'
const NEW_PROPERTY: NewProperty = {
  draft: { ...EMPTY_DRAFT, name: 'Sea Breeze', addressText: 'Saudi Makkah Jeddah Corniche 9', capacity: '4' },
  photos: [],
}

type Event = EventFrom<typeof addPropertyMachine>
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }

const EVENTS = [
  { type: 'submit', property: NEW_PROPERTY },
  { type: 'close', dirty: false },
  { type: 'close', dirty: true },
  { type: 'keepEditing' },
  { type: 'discard' },
  { type: 'xstate.done.actor.create' },
  { type: 'xstate.error.actor.create', error: new Error(SERVER_MESSAGE) },
] as Event[]

async function renderFlow() {
  const pending: Pending[] = []
  const create = vi.fn(
    (_input: NewProperty) => new Promise((resolve, reject) => pending.push({ resolve, reject })),
  )
  const onClosed = vi.fn()
  const machine = addPropertyMachine({
    actors: { createProperty: fromPromise(({ input }) => create(input)) },
  })
  await renderWithProviders(
    <>
      <AddPropertyFlow
        machine={machine}
        choices={{ status: 'ready', names: ['Airbnb'] }}
        onClosed={onClosed}
      />
      <Toaster />
    </>,
  )
  return { pending, create, onClosed }
}

type Rendered = Awaited<ReturnType<typeof renderFlow>>
const user = userEvent.setup()
const modal = () => screen.getByTestId('add-property-modal')

const typeName = (name: string) =>
  fireEvent.change(within(modal()).getByLabelText('Property name'), { target: { value: name } })

async function perform(rendered: Rendered, event: { type: string; dirty?: boolean }) {
  switch (event.type) {
    case 'xstate.init':
      return
    case 'submit':
      fireEvent.change(within(modal()).getByLabelText('Property name'), { target: { value: 'Sea Breeze' } })
      fireEvent.change(within(modal()).getByLabelText('Address'), {
        target: { value: 'Saudi Makkah Jeddah Corniche 9' },
      })
      fireEvent.change(within(modal()).getByLabelText('Capacity (guests)'), { target: { value: '4' } })
      return user.click(within(modal()).getByTestId('submit-property'))
    case 'close':
      // A dirty draft has something typed; a clean one has every field back to empty.
      if (event.dirty) typeName('Sea Breeze')
      else {
        typeName('')
        fireEvent.change(within(modal()).getByLabelText('Address'), { target: { value: '' } })
        fireEvent.change(within(modal()).getByLabelText('Capacity (guests)'), { target: { value: '' } })
      }
      return user.keyboard('{Escape}')
    case 'keepEditing':
      return user.click(screen.getByTestId('keep-editing'))
    case 'discard':
      return user.click(screen.getByTestId('discard-draft'))
    case 'xstate.done.actor.create':
      return act(async () => rendered.pending.shift()?.resolve({}))
    case 'xstate.error.actor.create':
      return act(async () => rendered.pending.shift()?.reject(new Error(SERVER_MESSAGE)))
    default:
      throw new Error(`no way to perform ${event.type}`)
  }
}

type Check = (rendered: Rendered, lastEvent: { type: string }) => void | Promise<void>

/** One entry per state of the machine: a state without an entry fails the test. */
const SCREEN_FOR: Record<StateName<typeof addPropertyMachine.definition>, Check> = {
  editing: async (rendered, lastEvent) => {
    expect(screen.queryByTestId('discard-confirmation')).toBeNull()
    if (lastEvent.type === 'keepEditing') {
      // Nothing was lost while the question showed.
      expect((within(modal()).getByLabelText('Property name') as HTMLInputElement).value).toBe('Sea Breeze')
      expect(rendered.onClosed).not.toHaveBeenCalled()
    }
    const submit = within(modal()).getByTestId('submit-property')
    expect(submit.getAttribute('aria-busy')).toBeNull()
    if (lastEvent.type === 'xstate.error.actor.create') {
      expect(await screen.findAllByText(SERVER_MESSAGE)).toHaveLength(1)
      expect((within(modal()).getByLabelText('Property name') as HTMLInputElement).value).toBe('Sea Breeze')
    }
  },
  confirmingDiscard: (rendered) => {
    const question = screen.getByTestId('discard-confirmation')
    expect(within(question).getByText('Discard this property?')).toBeTruthy()
    expect(within(question).getByTestId('keep-editing').textContent).toBe('Keep editing')
    expect(within(modal()).getByLabelText('Property name')).toBeTruthy()
    expect(rendered.onClosed).not.toHaveBeenCalled()
  },
  creating: (rendered) => {
    expect(within(modal()).getByTestId('submit-property').getAttribute('aria-busy')).toBe('true')
    expect(rendered.create).toHaveBeenLastCalledWith({
      // The zone followed the country typed in the address.
      draft: { ...NEW_PROPERTY.draft, costPerNight: '', timeZone: 'Asia/Riyadh' },
      photos: [],
    })
  },
  closed: async (rendered, lastEvent) => {
    expect(screen.queryByTestId('add-property-modal')).toBeNull()
    expect(rendered.onClosed).toHaveBeenCalled()
    if (lastEvent.type === 'xstate.done.actor.create')
      expect(await screen.findAllByText('Property added!')).toHaveLength(1)
  },
}

const TRAVERSAL = { events: EVENTS }

describe('add-property modal', () => {
  afterEach(() => toast.remove())
  const paths = everyPath(addPropertyMachine.definition, TRAVERSAL)

  it('reaches every state of the machine', () => {
    const reached = new Set(paths.map((path) => String(path.state.value)))
    expect([...reached].sort()).toEqual(Object.keys(SCREEN_FOR).sort())
  })

  for (const path of paths) {
    const steps = path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init')
    it(`${steps.join(' → ') || 'opening'} ⇒ ${String(path.state.value)}`, async () => {
      const rendered = await renderFlow()
      for (const step of path.steps) await perform(rendered, step.event)
      await SCREEN_FOR[path.state.value](rendered, path.steps.at(-1)?.event ?? { type: '' })
    })
  }
})

describe('a refusal at a quota', () => {
  afterEach(() => toast.remove())

  it('shows the server’s sentence, and a refusal of the photos under the photos too', async () => {
    const rendered = await renderFlow()
    const properties = 'An account can have at most 500 properties. Delete one to add another.'
    await perform(rendered, { type: 'submit' })
    await act(async () => rendered.pending.shift()?.reject(new Error(properties)))
    expect(await screen.findAllByText(properties)).toHaveLength(1)
    expect(within(modal()).queryByText(properties)).toBeNull()

    const photos = 'A property can have at most 30 photos. Remove some to add others.'
    await user.click(within(modal()).getByTestId('submit-property'))
    await act(async () =>
      rendered.pending.shift()?.reject(Object.assign(new Error(photos), { fields: { images: photos } })),
    )
    const addPhotos = within(modal()).getByRole('button', { name: 'Add photos' })
    expect(addPhotos.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(addPhotos.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      photos,
    )
    // Once in the toast, once under the photos.
    expect(await screen.findAllByText(photos)).toHaveLength(2)
  })
})
