import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { PropertyCard } from '../../src/ui/property/PropertyCard.tsx'
import { aCalendar, aProperty, anImage } from './propertyBuilders.ts'
import { renderWithProviders } from './providers.tsx'

const card = () => screen.getByTestId('property-card')

describe('property card', () => {
  it('shows a grey box when the property has no photo, and "No description yet"', async () => {
    await renderWithProviders(<PropertyCard property={aProperty({ description: null })} onOpen={() => {}} />)
    expect(within(card()).getByTestId('card-no-photo')).toBeTruthy()
    expect(within(card()).getByTestId('card-description').textContent).toBe('No description yet')
  })

  it('shows a spinner until the first photo has loaded', async () => {
    const property = aProperty()
    property.images = [anImage(property.id), anImage(property.id)]
    await renderWithProviders(<PropertyCard property={property} onOpen={() => {}} />)
    const photo = within(card()).getByRole('img')
    expect(photo.getAttribute('src')).toBe(property.images[0]?.thumbnailUrl)
    expect(within(card()).getByRole('status')).toBeTruthy()
    // Over the spinner and never faded out: it shows the moment the browser has it.
    expect(photo.className).not.toMatch(/opacity/)
    fireEvent.load(photo)
    expect(within(card()).queryByRole('status')).toBeNull()
  })

  it('falls back to the grey box when the photo cannot be loaded', async () => {
    const property = aProperty()
    property.images = [anImage(property.id)]
    await renderWithProviders(<PropertyCard property={property} onOpen={() => {}} />)
    fireEvent.error(within(card()).getByRole('img'))
    expect(within(card()).getByTestId('card-no-photo')).toBeTruthy()
  })

  it('joins the location with commas, skipping empty parts', async () => {
    await renderWithProviders(
      <PropertyCard
        property={aProperty({ region: null, city: '', address: 'Corniche 4' })}
        onOpen={() => {}}
      />,
    )
    expect(within(card()).getByTestId('card-location').textContent).toBe('Saudi, Corniche 4')
  })

  it('shows the status badge, capacity and "SAR {cost}" with the per-night label', async () => {
    await renderWithProviders(<PropertyCard property={aProperty()} onOpen={() => {}} />)
    expect(within(card()).getByText('Available')).toBeTruthy()
    expect(within(card()).getByTestId('card-capacity').textContent).toBe('6 guests')
    expect(within(card()).getByTestId('card-cost').textContent).toMatch(/^SAR\s1,200 per night$/)
  })

  it('reads in Arabic: badge, guests, price and the Arabic comma', async () => {
    await renderWithProviders(<PropertyCard property={aProperty({ capacity: 2 })} onOpen={() => {}} />, {
      language: 'ar',
    })
    expect(within(card()).getByText('متاح')).toBeTruthy()
    expect(within(card()).getByTestId('card-capacity').textContent).toBe('ضيفان')
    expect(within(card()).getByTestId('card-location').textContent).toBe(
      'Saudi، Riyadh، Olaya، King Fahd Road 12',
    )
    expect(within(card()).getByTestId('card-cost').textContent).toContain('لليلة')
  })

  it('opens on a click, but not when the click ended a text selection', async () => {
    const onOpen = vi.fn()
    const property = aProperty()
    await renderWithProviders(<PropertyCard property={property} onOpen={onOpen} />)
    const selection = vi.spyOn(window, 'getSelection')
    selection.mockReturnValue({ toString: () => 'Palm Villa' } as Selection)
    fireEvent.click(card())
    expect(onOpen).not.toHaveBeenCalled()
    selection.mockRestore()
    fireEvent.click(within(card()).getByText('Palm Villa'))
    expect(onOpen).toHaveBeenCalledWith(property)
  })
})

describe('a property card with failing links', () => {
  const failingProperty = () =>
    aProperty({
      externalCalendars: [
        aCalendar({ id: 'a', platformName: 'Airbnb', lastError: 'sync.errors.unreachable' }),
        aCalendar({ id: 'b', platformName: 'Vrbo' }),
        aCalendar({ id: 'c', platformName: 'Gathern', paused: true }),
      ],
    })

  it('marks the failing and paused links with a warning', async () => {
    await renderWithProviders(<PropertyCard property={failingProperty()} onOpen={() => {}} />)
    const note = within(card()).getByTestId('card-failing')
    expect(note.textContent).toBe('2 links failing')
    expect(note.querySelector('svg')).toBeTruthy()
  })

  it('says it in Arabic with its plural form', async () => {
    await renderWithProviders(<PropertyCard property={failingProperty()} onOpen={() => {}} />, {
      language: 'ar',
    })
    expect(within(card()).getByTestId('card-failing').textContent).toBe('رابطان متعطّلان')
  })

  it('says that a link keeps changing, in English and Arabic', async () => {
    const property = aProperty({ externalCalendars: [aCalendar({ unstable: true }), aCalendar({ id: 'b' })] })
    const { unmount } = await renderWithProviders(<PropertyCard property={property} onOpen={() => {}} />)
    expect(within(card()).getByTestId('card-unstable').textContent).toBe(
      'Keeps changing: changes not announced one by one',
    )
    unmount()
    await renderWithProviders(<PropertyCard property={property} onOpen={() => {}} />, { language: 'ar' })
    expect(within(card()).getByTestId('card-unstable').textContent).toBe(
      'يتغيّر باستمرار: لا يُعلن عن تغييراته واحدًا واحدًا',
    )
  })

  it('shows no warning while every link syncs', async () => {
    await renderWithProviders(
      <PropertyCard property={aProperty({ externalCalendars: [aCalendar()] })} onOpen={() => {}} />,
    )
    expect(within(card()).queryByTestId('card-failing')).toBeNull()
    expect(within(card()).queryByTestId('card-unstable')).toBeNull()
  })

  it('holds its menu (Sync now), whose press does not open the property', async () => {
    const onOpen = vi.fn()
    const onSync = vi.fn()
    await renderWithProviders(
      <PropertyCard
        property={aProperty()}
        onOpen={onOpen}
        menu={
          <button type="button" onClick={onSync}>
            Sync now
          </button>
        }
      />,
    )
    fireEvent.click(within(card()).getByRole('button', { name: 'Sync now' }))
    expect(onSync).toHaveBeenCalledOnce()
    expect(onOpen).not.toHaveBeenCalled()
  })
})
