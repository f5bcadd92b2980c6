import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast from 'react-hot-toast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EventFrom } from 'xstate'
import { fromPromise } from 'xstate'
import { MACHINE_CATALOG, SAMPLE_STAY, type Variant } from '../../scripts/machineCatalog.ts'
import { manualStayMachine } from '../../src/machines/calendar/manualStay.ts'
import {
  LOFT,
  VILLA,
  openDay,
  pickStayDates,
  renderCalendar,
  serveCalendars,
  shownDate,
} from '../ui/calendarScreen.tsx'
import { everyPath } from './everyPath.ts'
import { expectMessage, expectMessageAtField, fill, isBusy, textOf } from './screenHelpers.ts'
import { PendingCalls, noWayToPerform, stateName, walkMachine, type Walk } from './walk.tsx'

type Event = EventFrom<typeof manualStayMachine>
type Screen = { fetched: string[] }

// Each path renders the whole calendar and walks the date pickers month by month as a person
// would (a year ahead for the 365-night case): seconds each on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000 })

const stayDialog = () => screen.queryByTestId('manual-stay-dialog')
const deleteDialog = () => screen.queryByTestId('delete-stay-dialog')
const discardQuestion = () => screen.queryByTestId('discard-confirmation')

/** Palm Villa's export feed holds the sample manual stay; Corniche Loft's is empty. */
const FEEDS = {
  [VILLA.id]: [
    {
      stayId: SAMPLE_STAY.stayId,
      start: SAMPLE_STAY.start,
      end: SAMPLE_STAY.end,
      summary: `Booked - ${SAMPLE_STAY.guestName}`,
      platform: 'Manual',
      status: 'Booked',
      guest: SAMPLE_STAY.guestName,
      kind: SAMPLE_STAY.kind,
      note: SAMPLE_STAY.note,
      price: Number(SAMPLE_STAY.price),
    },
  ],
}

afterEach(() => {
  toast.remove()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** /calendar itself, its flow's calls answered as the graph's path says. */
async function render(pending: PendingCalls): Promise<Screen> {
  const fetched = serveCalendars(FEEDS)
  await renderCalendar({
    manualStay: {
      actors: {
        saveStay: fromPromise(({ input }) => pending.add('saveStay', input)),
        removeStay: fromPromise(({ input }) => pending.add('removeStay', input)),
      },
    },
  })
  return { fetched }
}

async function perform(event: Event, { user }: Pick<Walk<Screen>, 'user'>) {
  switch (event.type) {
    case 'add': {
      const day = await openDay(user, event.start)
      await user.click(within(day).getByRole('button', { name: 'Add stay' }))
      // The dialogs' code comes when one first opens.
      return screen.findByTestId('manual-stay-dialog')
    }
    case 'edit':
    case 'remove': {
      const day = await openDay(user, event.stay.start)
      const stay = within(day)
        .getAllByTestId('booking-details')
        .find((details) => details.dataset.manual === 'true')!
      await user.click(within(stay).getByRole('button', { name: event.type === 'edit' ? 'Edit' : 'Delete' }))
      return screen.findByTestId(event.type === 'edit' ? 'manual-stay-dialog' : 'delete-stay-dialog')
    }
    case 'submit': {
      const form = stayDialog()!
      const property = within(form).queryByLabelText('Property')
      if (property) await user.selectOptions(property, event.propertyId)
      const { values } = event
      await user.click(
        within(form).getByRole('radio', { name: values.kind === 'booking' ? 'Booking' : 'Block' }),
      )
      await pickStayDates(user, values)
      if (values.kind === 'booking') {
        await fill(user, within(form).getByLabelText('Guest name (optional)'), values.guestName)
        await user.click(
          within(form).getByRole('radio', {
            name: values.priceBasis === 'night' ? 'Per night' : 'Whole stay',
          }),
        )
        await fill(user, within(form).getByLabelText('Amount (SAR)'), values.price)
      }
      await fill(user, within(form).getByLabelText('Note (optional)'), values.note)
      return user.click(within(form).getByRole('button', { name: 'Save' }))
    }
    case 'cancel':
      // Something typed first when the host has unsaved input.
      if (event.dirty) await user.type(within(stayDialog()!).getByLabelText('Note (optional)'), ' (draft)')
      return user.click(within(stayDialog() ?? deleteDialog()!).getByRole('button', { name: 'Cancel' }))
    case 'keepEditing':
      return user.click(within(discardQuestion()!).getByTestId('keep-editing'))
    case 'discard':
      return user.click(within(discardQuestion()!).getByTestId('discard-draft'))
    case 'confirm':
      return user.click(within(deleteDialog()!).getByRole('button', { name: 'Delete' }))
    default:
      return noWayToPerform(event)
  }
}

walkMachine({
  machine: manualStayMachine.definition,
  render,
  perform,
  expectScreen: {
    closed: () => {
      expect(stayDialog()).toBeNull()
      expect(deleteDialog()).toBeNull()
      expect(screen.getByTestId('calendar-grid')).toBeTruthy()
    },
    editing: ({ snapshot }) => {
      const form = stayDialog()!
      const { stayId, propertyId, values, error, errorAt } = snapshot.context
      expect(
        within(form).getByRole('heading', { name: stayId === null ? 'Add a stay' : 'Edit the stay' }),
      ).toBeTruthy()
      // The dates, the kind and the texts are what the flow holds: a refused form keeps them.
      expect(within(form).getByRole('button', { name: `Check-in: ${shownDate(values.start)}` })).toBeTruthy()
      expect(within(form).getByRole('button', { name: `Check-out: ${shownDate(values.end)}` })).toBeTruthy()
      const kind = within(form).getByRole('radio', { name: values.kind === 'booking' ? 'Booking' : 'Block' })
      expect((kind as HTMLInputElement).checked).toBe(true)
      const guest = within(form).queryByLabelText<HTMLInputElement>('Guest name (optional)')
      const price = within(form).queryByLabelText<HTMLInputElement>('Amount (SAR)')
      if (values.kind === 'booking') {
        expect(guest?.value).toBe(values.guestName)
        // The price as typed, per night or for the stay (a saved stay's as it was stored).
        expect(price?.value).toBe(values.price)
        const basis = within(form).getByRole('radio', {
          name: values.priceBasis === 'night' ? 'Per night' : 'Whole stay',
        })
        expect((basis as HTMLInputElement).checked).toBe(true)
      } else {
        expect(guest).toBeNull()
        expect(price).toBeNull()
      }
      expect(within(form).getByLabelText<HTMLTextAreaElement>('Note (optional)').value).toBe(values.note)
      // A new stay may go to either property; an edited one stays where it is.
      const property = within(form).queryByLabelText<HTMLSelectElement>('Property')
      if (stayId === null) expect(property?.value).toBe(propertyId)
      else {
        expect(property).toBeNull()
        expect(form.textContent).toContain(VILLA.name)
      }
      // The form's price check under the price, anything else in the form's alert.
      if (errorAt === 'price') expectMessageAtField(form, 'Amount (SAR)', textOf(error!))
      else expectMessage(form, error)
      // A new stay at Palm Villa lands on the sample stay's nights, and is told so before saving;
      // Corniche Loft's are free, and the sample stay, edited, does not count against itself.
      const taken = within(form).queryByTestId('stay-nights-taken')
      if (stayId === null && propertyId === VILLA.id)
        expect(taken?.textContent).toContain(`${SAMPLE_STAY.guestName} · Manual · `)
      else expect(taken).toBeNull()
      // The form's own check shows at the dates; the server's refusal for the whole form.
      expect(within(form).queryByTestId('stay-dates-error') !== null).toBe(errorAt === 'dates')
      expect(price?.getAttribute('aria-invalid') === 'true').toBe(errorAt === 'price')
      expect(isBusy(within(form).getByRole('button', { name: 'Save' }))).toBe(false)
    },
    // "Discard this stay?" over a new stay's form, which still holds what was typed; a saved stay's
    // edits are "Discard your changes?", whose button does not read as deleting the stay.
    confirmingDiscard: ({ snapshot }) => {
      const question = discardQuestion()!
      const saved = snapshot.context.stayId !== null
      expect(
        within(question).getByRole('heading', {
          name: saved ? 'Discard your changes?' : 'Discard this stay?',
        }),
      ).toBeTruthy()
      expect(within(question).getByTestId('discard-draft').textContent).toBe(
        saved ? 'Discard changes' : 'Discard',
      )
      expect(within(stayDialog()!).getByLabelText<HTMLTextAreaElement>('Note (optional)').value).toContain(
        '(draft)',
      )
    },
    saving: ({ snapshot, pending }) => {
      const { propertyId, stayId, values } = snapshot.context
      expect(isBusy(within(stayDialog()!).getByRole('button', { name: 'Save' }))).toBe(true)
      expect(pending.lastInput('saveStay')).toEqual({ propertyId, stayId, values })
    },
    confirmingDelete: ({ snapshot }) => {
      const dialog = deleteDialog()!
      expect(within(dialog).getByRole('heading', { name: 'Delete this stay?' })).toBeTruthy()
      expect(dialog.textContent).toContain(
        'The nights from 10 Mar 2026 to 13 Mar 2026 at Palm Villa become free again on every platform.',
      )
      expectMessage(dialog, snapshot.context.error)
      expect(isBusy(within(dialog).getByRole('button', { name: 'Delete' }))).toBe(false)
    },
    deleting: ({ pending }) => {
      expect(isBusy(within(deleteDialog()!).getByRole('button', { name: 'Delete' }))).toBe(true)
      expect(pending.lastInput('removeStay')).toEqual({ propertyId: VILLA.id, stayId: SAMPLE_STAY.stayId })
    },
  },
})

/**
 * The shortest paths end where they start for the flow's endings (closed): these are the paths
 * back to the calendar, one for each way there (cancel, a save, a deletion), from everyPath.
 */
describe('the manualStay flow back on the calendar', () => {
  const entry = MACHINE_CATALOG.find((candidate) => candidate.machine === manualStayMachine.definition)!
  const endings = (variant: Variant) => {
    const shortestByLastEvent = new Map<
      string,
      ReturnType<typeof everyPath<typeof manualStayMachine.definition>>[number]
    >()
    for (const path of everyPath(manualStayMachine.definition, { events: variant.events as Event[] })) {
      const last = path.steps.at(-1)!.event.type
      if (stateName(path.state.value) !== 'closed' || path.steps.length < 2) continue
      const known = shortestByLastEvent.get(last)
      if (!known || known.steps.length > path.steps.length) shortestByLastEvent.set(last, path)
    }
    return [...shortestByLastEvent.values()]
  }

  for (const variant of entry.variants) {
    describe(variant.name, () => {
      const paths = endings(variant)
      it('can cancel and can succeed', () => {
        const ways = paths.map((path) => path.steps.at(-1)!.event.type).sort()
        expect(ways).toContain('cancel')
        expect(ways).toContain('xstate.done.actor.saveStay')
      })

      for (const path of paths) {
        const steps = path.steps.slice(1).map((step) => step.event)
        const last: string = steps.at(-1)!.type
        it(`closes after ${steps.map((event) => event.type).join(' → ')}`, async () => {
          const pending = new PendingCalls()
          const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
          const { fetched } = await render(pending)
          const { propertyId, stayId } = path.state.context
          // Every property's stays come in one feed, read again after the change.
          const loads = () =>
            fetched.filter((fetchedPath) => fetchedPath.startsWith('/api/property/calendar')).length
          let loadsBeforeLast = 0
          for (const event of steps) {
            loadsBeforeLast = loads()
            if (event.type.startsWith('xstate.')) await pending.settle(event)
            else await perform(event as Event, { user })
          }
          expect(stayDialog()).toBeNull()
          expect(deleteDialog()).toBeNull()
          // Closing without saving, at once or after "Discard this stay?": nothing was saved.
          if (last === 'cancel' || last === 'discard') {
            expect(discardQuestion()).toBeNull()
            expect(screen.queryByText(/^Stay (added|updated|deleted)$/)).toBeNull()
            return
          }
          const toastText =
            last === 'xstate.done.actor.removeStay'
              ? 'Stay deleted'
              : stayId === null
                ? 'Stay added'
                : 'Stay updated'
          expect(await screen.findByText(toastText)).toBeTruthy()
          // The calendar's stays load again, so the stay shows (or goes) at once.
          await vi.waitFor(() => expect(loads()).toBeGreaterThan(loadsBeforeLast))
          expect(propertyId).toBe(stayId === null ? LOFT.id : VILLA.id)
        })
      }
    })
  }
})
