import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { api } from '../../src/actors/api.ts'
import PropertiesRoute from '../../src/routes/PropertiesRoute.tsx'
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
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA])
    const empty = await openProperties('/properties?search=zzz')
    expect(empty.textContent).toBe('No properties match “zzz”')
    // What the person typed keeps its own direction inside the sentence.
    expect(empty.querySelector('bdi')?.textContent).toBe('zzz')
    expect(screen.queryByText('No properties yet')).toBeNull()
  })

  it('says it in Arabic too', async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA])
    const empty = await openProperties('/properties?search=Palm', 'ar')
    expect(empty.textContent).toBe('لا توجد عقارات تطابق «Palm»')
  })

  it('still says "No properties yet" when there are none, whatever the search', async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([])
    expect((await openProperties('/properties')).textContent).toBe('No properties yet')
  })

  it('says "No properties yet" for an empty list searched for something', async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([])
    expect((await openProperties('/properties?search=zzz')).textContent).toBe('No properties yet')
  })

  it('shows the matching cards otherwise', async () => {
    vi.spyOn(api.property, 'list').mockResolvedValue([VILLA])
    await renderRoute(<PropertiesRoute />, { path: '/properties?search=rose' })
    expect(await screen.findByRole('button', { name: 'Desert Rose Villa' })).toBeTruthy()
    expect(screen.queryByTestId('properties-empty')).toBeNull()
  })
})
