import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { api, type Property } from '../../src/actors/api.ts'
import PropertiesRoute from '../../src/routes/properties/PropertiesRoute.tsx'
import { byNameOrCity, servePages } from './pages.ts'
import { aProperty } from './propertyBuilders.ts'
import { renderRoute } from './render.tsx'

afterEach(() => vi.restoreAllMocks())

const VILLA = aProperty({ id: 'villa', name: 'Desert Rose Villa', city: 'Diriyah' })

async function openProperties(path: string, language: 'en' | 'ar' = 'en') {
  await renderRoute(<PropertiesRoute />, { path, language })
  return screen.findByTestId('properties-empty')
}

describe('/properties with nothing to show', () => {
  it('says which search found nothing when there are properties', async () => {
    vi.spyOn(api.property, 'page').mockImplementation(servePages([VILLA], byNameOrCity))
    const empty = await openProperties('/properties?search=zzz')
    expect(empty.textContent).toBe('No properties match “zzz”')
    // What the person typed keeps its own direction inside the sentence.
    expect(empty.querySelector('bdi')?.textContent).toBe('zzz')
    expect(screen.queryByText(/^No properties yet/)).toBeNull()
  })

  it('says it in Arabic too', async () => {
    vi.spyOn(api.property, 'page').mockImplementation(servePages([VILLA], byNameOrCity))
    const empty = await openProperties('/properties?search=Palm', 'ar')
    expect(empty.textContent).toBe('لا توجد عقارات تطابق «Palm»')
  })

  it('says "No properties yet" and how to start when there are none, in English and Arabic', async () => {
    vi.spyOn(api.property, 'page').mockImplementation(servePages<Property>([], byNameOrCity))
    expect((await openProperties('/properties')).textContent).toBe('No properties yet. Add one to start.')
  })

  it('says it in Arabic when there are none', async () => {
    vi.spyOn(api.property, 'page').mockImplementation(servePages<Property>([], byNameOrCity))
    expect((await openProperties('/properties', 'ar')).textContent).toBe('لا عقارات بعد. أضف عقارًا لتبدأ.')
  })

  it('says "No properties yet" for an empty list searched for something, whatever the search', async () => {
    const page = vi.spyOn(api.property, 'page').mockImplementation(servePages<Property>([], byNameOrCity))
    await openProperties('/properties?search=zzz')
    // Once the grid without the search has said there is nothing to search.
    await waitFor(() =>
      expect(screen.getByTestId('properties-empty').textContent).toBe('No properties yet. Add one to start.'),
    )
    expect(page).toHaveBeenCalledWith({ page: 1, pageSize: 24, search: '' })
  })

  it('shows the matching cards otherwise', async () => {
    vi.spyOn(api.property, 'page').mockImplementation(servePages([VILLA], byNameOrCity))
    await renderRoute(<PropertiesRoute />, { path: '/properties?search=rose' })
    expect(await screen.findByRole('button', { name: 'Desert Rose Villa' })).toBeTruthy()
    expect(screen.queryByTestId('properties-empty')).toBeNull()
  })
})
