import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { ApiError } from '../../src/actors/http.ts'
import { SAMPLE, SAMPLE_CLEANER_LINK } from '../../scripts/machineCatalog.ts'
import type { Feedback } from '../../src/machines/parts/feedback.ts'
import { createCleanerLinkMachine } from '../../src/machines/cleaning/createCleanerLink.ts'
import { CleanerLinks } from '../../src/routes/turnovers/CleanerLinksSection.tsx'
import { renderWithProviders } from '../ui/providers.tsx'
import { english, expectMessageAtField, fill, isBusy } from './screenHelpers.ts'
import { noWayToPerform, PendingCalls, walkMachine } from './walk.tsx'

const PROPERTIES = [
  { id: 'property-1', name: 'Palm Villa' },
  { id: 'property-2', name: 'Corniche Flat' },
]
const dialog = () => screen.queryByTestId('cleaner-link-dialog')
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-mail (optional)',
}

/** The Turnovers screen's links as CleanerLinksSection binds them, with no link yet and fake calls. */
async function renderLinks(pending: PendingCalls) {
  const reloads: string[] = []
  await renderWithProviders(
    <CleanerLinks
      links={[]}
      properties={PROPERTIES}
      createLink={() => Promise.reject(new Error('the walk provides it'))}
      created={() => reloads.push('links')}
      rotateLink={() => Promise.resolve()}
      revokeLink={() => Promise.resolve()}
      implementations={{
        create: { actors: { createLink: fromPromise(({ input }) => pending.add('createLink', input)) } },
      }}
    />,
  )
  return { reloads }
}

walkMachine({
  machine: createCleanerLinkMachine.definition,
  render: renderLinks,
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'open':
        return user.click(screen.getByRole('button', { name: 'New cleaner link' }))
      case 'submit': {
        const form = within(dialog()!)
        await fill(user, form.getByLabelText('Name'), event.values.name)
        for (const property of PROPERTIES) {
          const box = form.getByRole('checkbox', { name: property.name })
          if ((box as HTMLInputElement).checked !== event.values.propertyIds.includes(property.id))
            await user.click(box)
        }
        await fill(user, form.getByLabelText('E-mail (optional)'), event.values.email)
        await user.selectOptions(form.getByLabelText('Language'), event.values.language)
        return user.click(form.getByRole('button', { name: 'Create link' }))
      }
      case 'cancel':
        return user.click(within(dialog()!).getByRole('button', { name: 'Cancel' }))
      case 'close':
        return user.click(within(dialog()!).getByRole('button', { name: 'Done' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    closed: ({ screen: rendered, snapshot }) => {
      expect(dialog()).toBeNull()
      expect(screen.getByTestId('cleaner-links-empty').textContent).toContain('without signing in')
      expect(rendered.reloads).toEqual(snapshot.context.link ? ['links'] : [])
    },
    editing: ({ snapshot }) => {
      const form = within(dialog()!)
      expect(form.getByRole('heading', { name: 'New cleaner link' })).toBeTruthy()
      expect(form.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
        'All properties',
        'Palm Villa',
        'Corniche Flat',
      ])
      const error = snapshot.context.error as Feedback | undefined
      if (error?.fieldKeys) {
        for (const [field, key] of Object.entries(error.fieldKeys)) {
          if (field === 'propertyIds')
            expect(form.getByRole('group', { name: 'Properties' }).textContent).toContain(english(key))
          else expectMessageAtField(dialog()!, FIELD_LABELS[field]!, english(key))
        }
      } else if (error) expect(form.getByRole('alert').textContent).toBe(SAMPLE.serverMessage)
      else expect(form.queryByRole('alert')).toBeNull()
    },
    creating: ({ pending }) => {
      expect(isBusy(within(dialog()!).getByRole('button', { name: 'Create link' }))).toBe(true)
      expect(pending.lastInput('createLink')).toEqual({
        name: 'Fatima',
        propertyIds: ['property-1', 'property-2'],
        email: SAMPLE_CLEANER_LINK.email,
        language: 'ar',
      })
    },
    created: () => {
      const shown = within(screen.getByTestId('cleaner-link-created'))
      expect(shown.getByLabelText<HTMLInputElement>("Cleaner's page").value).toBe(SAMPLE_CLEANER_LINK.url)
      expect(shown.getByLabelText<HTMLInputElement>('Calendar (.ics)').value).toBe(SAMPLE_CLEANER_LINK.icsUrl)
      expect(shown.getByRole('link', { name: /Open the page/ }).getAttribute('href')).toBe(
        SAMPLE_CLEANER_LINK.url,
      )
      expect(shown.getByTestId('confirmation-sent').textContent).toContain(SAMPLE_CLEANER_LINK.email)
    },
  },
})

/** The dialog opened by a click, for what the walk does not reach. */
async function openDialog(pending: PendingCalls) {
  const user = userEvent.setup()
  await renderLinks(pending)
  await user.click(screen.getByRole('button', { name: 'New cleaner link' }))
  return { user, form: within(dialog()!) }
}

describe('a new cleaner link', () => {
  it('chooses every property at once with "All properties", and none again', async () => {
    const { user, form } = await openDialog(new PendingCalls())
    const all = form.getByRole<HTMLInputElement>('checkbox', { name: 'All properties' })
    await user.click(all)
    expect(form.getAllByRole<HTMLInputElement>('checkbox').every((box) => box.checked)).toBe(true)
    await user.click(form.getByRole('checkbox', { name: 'Palm Villa' }))
    expect(all.checked).toBe(false)
    expect(all.indeterminate).toBe(true)
    await user.click(all)
    await user.click(all)
    expect(form.getAllByRole<HTMLInputElement>('checkbox').some((box) => box.checked)).toBe(false)
  })

  it('says no mail was promised when no address was given', async () => {
    const pending = new PendingCalls()
    const { user, form } = await openDialog(pending)
    await fill(user, form.getByLabelText('Name'), 'Omar')
    await user.click(form.getByRole('checkbox', { name: 'Corniche Flat' }))
    await user.click(form.getByRole('button', { name: 'Create link' }))
    expect(pending.lastInput('createLink')).toEqual({
      name: 'Omar',
      propertyIds: ['property-2'],
      language: 'en',
    })
    await pending.settle({
      type: 'xstate.done.actor.createLink',
      output: { ...SAMPLE_CLEANER_LINK, name: 'Omar', email: null },
    })
    expect(screen.getByTestId('cleaner-link-created')).toBeTruthy()
    expect(screen.queryByTestId('confirmation-sent')).toBeNull()
  })

  it("shows the server's refusal of a field at that field, and its other refusals above the buttons", async () => {
    const pending = new PendingCalls()
    const { user, form } = await openDialog(pending)
    await fill(user, form.getByLabelText('Name'), 'Omar')
    await user.click(form.getByRole('checkbox', { name: 'All properties' }))
    await fill(user, form.getByLabelText('E-mail (optional)'), 'omar@example..com')
    await user.click(form.getByRole('button', { name: 'Create link' }))
    await pending.settle({
      type: 'xstate.error.actor.createLink',
      error: new ApiError('Invalid e-mail address', 400, undefined, { email: 'Invalid e-mail address' }),
    })
    expectMessageAtField(dialog()!, 'E-mail (optional)', 'Invalid e-mail address')

    const spent = 'No more e-mails can be sent this hour. Try again later.'
    await user.click(form.getByRole('button', { name: 'Create link' }))
    await pending.settle({ type: 'xstate.error.actor.createLink', error: new ApiError(spent, 429) })
    expect(form.getByRole('alert').textContent).toBe(spent)
    expect(form.getByLabelText<HTMLInputElement>('Name').value).toBe('Omar')
  })
})
