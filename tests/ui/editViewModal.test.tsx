import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { PropertyChanges } from '../../src/machines/propertyModal.ts'
import { EditViewModal, type EditorMode } from '../../src/ui/property/EditViewModal.tsx'
import { aCalendar, anImage, aProperty } from './propertyBuilders.ts'
import { renderWithProviders } from './providers.tsx'

const property = aProperty({ externalCalendars: [aCalendar()] })
property.images = [anImage(property.id), anImage(property.id), anImage(property.id)]
const INTERNAL_URL = 'http://127.0.0.1:3000/api/calendar/secret.ics'
const user = userEvent.setup()
const modal = () => screen.getByTestId('property-modal')

async function renderModal(mode: EditorMode, tab: 'about' | 'connections' = 'about') {
  const onSave = vi.fn<(changes: PropertyChanges) => void>()
  await renderWithProviders(
    <EditViewModal
      property={property}
      mode={mode}
      tab={tab}
      activity="idle"
      choices={{ status: 'ready', names: ['Airbnb'] }}
      internalCalendar={{ url: INTERNAL_URL, loading: false }}
      statistics={null}
      onToggleMode={() => {}}
      onSelectTab={() => {}}
      onSave={onSave}
      onRequestDelete={() => {}}
      onCancelDelete={() => {}}
      onConfirmDelete={() => {}}
      onClose={() => {}}
    />,
  )
  return { onSave }
}

describe('edit/view modal', () => {
  it('shows the clicked thumbnail as the main photo', async () => {
    await renderModal('view')
    expect(within(modal()).getAllByTestId('photo-thumbnail')).toHaveLength(3)
    await user.click(within(modal()).getByRole('button', { name: 'Show photo 3' }))
    expect(within(modal()).getByTestId('main-photo').getAttribute('src')).toBe(property.images[2]?.url)
  })

  it('sends the removed stored photos with the edited fields on save', async () => {
    const { onSave } = await renderModal('edit')
    await user.click(within(modal()).getAllByRole('button', { name: 'Remove photo' })[0] as HTMLElement)
    expect(within(modal()).getAllByTestId('photo-thumbnail')).toHaveLength(2)
    fireEvent.change(within(modal()).getByLabelText('Property name'), { target: { value: 'Palm Villa II' } })
    await user.click(within(modal()).getByTestId('save-property'))
    const changes = onSave.mock.calls[0]?.[0]
    expect(changes?.removedImageIds).toEqual([property.images[0]?.id])
    expect(changes?.draft.name).toBe('Palm Villa II')
  })

  it('disables save without a name or address text', async () => {
    await renderModal('edit')
    const save = () => within(modal()).getByTestId('save-property') as HTMLButtonElement
    expect(save().disabled).toBe(false)
    fireEvent.change(within(modal()).getByLabelText('Address'), { target: { value: ' ' } })
    expect(save().disabled).toBe(true)
  })

  it('copies the internal calendar link and confirms it', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    await renderModal('edit', 'connections')
    expect((within(modal()).getByTestId('internal-calendar-url') as HTMLInputElement).value).toBe(
      INTERNAL_URL,
    )
    await user.click(within(modal()).getByTestId('copy-button'))
    expect(writeText).toHaveBeenCalledWith(INTERNAL_URL)
    expect(await within(modal()).findByText('Copied!')).toBeTruthy()
  })

  it('lists the connected platforms in view mode', async () => {
    await renderModal('view', 'connections')
    const list = within(modal()).getByTestId('connection-list')
    expect(list.textContent).toContain('Airbnb')
    expect(list.textContent).toContain(property.externalCalendars[0]?.urlPath)
  })
})
