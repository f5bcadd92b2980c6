import { describe, expect, it } from 'vitest'
import {
  linksToSend,
  removePlatform,
  selectPlatform,
  setPlatformLink,
  type PlatformLink,
} from '../../src/domain/platformSelection.ts'

const airbnb: PlatformLink = { platformName: 'Airbnb', urlPath: 'https://www.airbnb.com/calendar/ical/1.ics' }

describe('platform selection', () => {
  it('adds a newly chosen platform with an empty link', () => {
    expect(selectPlatform([airbnb], 'Gathern')).toEqual([airbnb, { platformName: 'Gathern', urlPath: '' }])
  })

  it('does nothing when the platform is already chosen', () => {
    const links = [airbnb]
    expect(selectPlatform(links, 'Airbnb')).toBe(links)
  })

  it('drops the link together with the removed platform', () => {
    const links = setPlatformLink(selectPlatform([airbnb], 'Vrbo'), 'Vrbo', 'https://vrbo.com/a.ics')
    const afterRemoval = removePlatform(links, 'Vrbo')
    expect(afterRemoval).toEqual([airbnb])
    expect(selectPlatform(afterRemoval, 'Vrbo')).toEqual([airbnb, { platformName: 'Vrbo', urlPath: '' }])
  })

  it('edits only the link of the named platform', () => {
    const links = setPlatformLink([airbnb, { platformName: 'Vrbo', urlPath: '' }], 'Vrbo', 'https://v/1.ics')
    expect(links).toEqual([airbnb, { platformName: 'Vrbo', urlPath: 'https://v/1.ics' }])
  })

  it('sends only the platforms whose link holds text, trimmed', () => {
    expect(
      linksToSend([
        { platformName: 'Airbnb', urlPath: '  https://a/1.ics ' },
        { platformName: 'Vrbo', urlPath: '   ' },
      ]),
    ).toEqual([{ platformName: 'Airbnb', urlPath: 'https://a/1.ics' }])
  })
})
