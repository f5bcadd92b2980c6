import { describe, expect, it } from 'vitest'
import { filterProperties } from '../../src/domain/propertySearch.ts'

const properties = [
  { id: 'a', name: 'Palm Villa', city: 'Riyadh' },
  { id: 'b', name: 'Sea Breeze', city: 'Jeddah' },
  { id: 'c', name: 'Desert Camp', city: 'AlUla' },
]
const ids = (list: typeof properties) => list.map((property) => property.id)

describe('property search', () => {
  it('matches the name case-insensitively', () => {
    expect(ids(filterProperties(properties, 'palm'))).toEqual(['a'])
    expect(ids(filterProperties(properties, 'BREEZE'))).toEqual(['b'])
  })

  it('matches the city', () => {
    expect(ids(filterProperties(properties, 'jed'))).toEqual(['b'])
  })

  it('shows everything for a blank search and nothing for a miss', () => {
    expect(ids(filterProperties(properties, '  '))).toEqual(['a', 'b', 'c'])
    expect(filterProperties(properties, 'Dammam')).toEqual([])
  })
})
