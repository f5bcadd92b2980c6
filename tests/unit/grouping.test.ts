import { describe, expect, it } from 'vitest'
import { groupBy } from '../../src/domain/grouping.ts'

describe('groupBy', () => {
  it('groups items by their key, keys and items in the order first seen', () => {
    const stays = [
      { id: 1, property: 'loft' },
      { id: 2, property: 'villa' },
      { id: 3, property: 'loft' },
    ]
    const groups = groupBy(stays, (stay) => stay.property)
    expect([...groups.keys()]).toEqual(['loft', 'villa'])
    expect(groups.get('loft')?.map((stay) => stay.id)).toEqual([1, 3])
    expect(groups.get('villa')?.map((stay) => stay.id)).toEqual([2])
    expect(groupBy([], (item: string) => item).size).toBe(0)
  })
})
