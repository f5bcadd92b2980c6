import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { SyncHealthStrip } from '../../src/ui/calendar/SyncHealthStrip.tsx'
import { aCalendar, aProperty } from './propertyBuilders.ts'
import { renderWithProviders } from './providers.tsx'

/** The summary's text with its no-break spaces (which keep each "·" on its count's line) as spaces. */
const summaryText = () => screen.getByTestId('sync-health-summary').textContent?.replaceAll('\u00a0', ' ')

const NOW = Date.parse('2030-03-10T12:00:00Z')
const PROPERTIES = [
  aProperty({
    id: 'p1',
    name: 'Palm Villa',
    externalCalendars: [
      aCalendar({ id: 'c1', lastSyncedAt: '2030-03-10T11:55:00Z' }),
      aCalendar({
        id: 'c2',
        platformName: 'Vrbo',
        lastSyncedAt: '2030-03-10T09:00:00Z',
        lastError: 'sync.errors.timeout',
      }),
    ],
  }),
  aProperty({
    id: 'p2',
    name: 'Desert Loft',
    externalCalendars: [
      aCalendar({
        id: 'c3',
        platformName: 'Booking.com',
        paused: true,
        lastError: 'sync.errors.tooManyStays',
      }),
      aCalendar({ id: 'c4', platformName: 'Gathern' }),
    ],
  }),
  aProperty({ id: 'p3', name: 'Corniche Flat', externalCalendars: [] }),
]

function renderStrip(expanded: boolean, language: 'en' | 'ar' = 'en') {
  const onToggle = vi.fn()
  const rendered = renderWithProviders(
    <SyncHealthStrip
      properties={PROPERTIES}
      now={NOW}
      expanded={expanded}
      onToggle={onToggle}
      action={<button type="button">Sync now</button>}
    />,
    { language },
  )
  return { onToggle, rendered }
}

describe('the sync-health strip', () => {
  it('folds to one line that counts properties, feeds and failing ones, and unfolds on a click', async () => {
    const { onToggle, rendered } = renderStrip(false)
    await rendered
    expect(summaryText()).toBe('3 properties · 4 feeds · 2 failing')
    expect(screen.queryAllByTestId('sync-health-feed')).toHaveLength(0)
    const toggle = screen.getByRole('button', { expanded: false })
    fireEvent.click(toggle)
    expect(onToggle).toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeTruthy()
  })

  it('lists each property with its feeds: synced, failing with the reason, paused, never synced', async () => {
    const { rendered } = renderStrip(true)
    await rendered
    const properties = screen.getAllByTestId('sync-health-property')
    expect(properties.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Palm Villa',
      'Desert Loft',
      'Corniche Flat',
    ])
    const feeds = screen.getAllByTestId('sync-health-feed')
    expect(feeds.map((feed) => feed.dataset.state)).toEqual(['ok', 'failing', 'paused', 'never'])
    expect(feeds[0]!.textContent).toBe('Airbnb Synced 5 minutes ago')
    expect(feeds[1]!.textContent).toBe('Vrbo Synced 3 hours agoThe calendar did not answer within 10 seconds')
    expect(within(feeds[2]!).getByText('Paused').getAttribute('title')).toContain(
      'Paused after 3 failed attempts',
    )
    expect(within(feeds[2]!).getByTestId('sync-health-reason').textContent).toContain('more than 2,000 stays')
    expect(feeds[3]!.textContent).toBe('Gathern Not synced yet')
    expect(within(properties[2]!).getByText('No linked calendars')).toBeTruthy()
  })

  it('says "all syncing" when nothing fails', async () => {
    await renderWithProviders(
      <SyncHealthStrip
        properties={[PROPERTIES[2]!]}
        now={NOW}
        expanded={false}
        onToggle={() => {}}
        action={null}
      />,
    )
    expect(summaryText()).toBe('1 property · 0 feeds · all syncing')
  })

  it('speaks Arabic: counts, relative times and reasons', async () => {
    const { rendered } = renderStrip(true, 'ar')
    await rendered
    expect(summaryText()).toBe('٣ عقارات، ٤ تقاويم، اثنان متعثران')
    const [synced, failing] = screen.getAllByTestId('sync-health-feed')
    expect(synced!.textContent).toContain('آخر مزامنة قبل ٥ دقائق')
    expect(failing!.textContent).toContain('لم يستجب التقويم')
  })

  for (const [language, text] of [
    ['en', 'Keeps changing: changes not announced one by one'],
    ['ar', 'يتغيّر باستمرار: لا يُعلن عن تغييراته واحدًا واحدًا'],
  ] as const)
    it(`says which feed keeps changing, in ${language}`, async () => {
      await renderWithProviders(
        <SyncHealthStrip
          properties={[
            aProperty({
              externalCalendars: [
                aCalendar({ platformName: 'Gathern', unstable: true }),
                aCalendar({ id: 'c2' }),
              ],
            }),
          ]}
          now={NOW}
          expanded
          onToggle={() => {}}
          action={null}
        />,
        { language },
      )
      const unstable = screen.getAllByTestId('sync-health-unstable')
      expect(unstable.map((each) => each.textContent)).toEqual([text])
      expect(unstable[0]!.closest('[data-testid="sync-health-feed"]')?.textContent).toContain('Gathern')
    })
})

describe("the strip's import lines", () => {
  const imports = {
    p1: [
      { platformName: 'Booking.com', lastFetchedAt: '2030-03-10T10:08:00Z', medianIntervalMinutes: 120 },
      { platformName: 'Airbnb', lastFetchedAt: null },
    ],
  }
  const importLines = () =>
    within(screen.getByTestId('sync-health-imports'))
      .getAllByTestId('import-status')
      .map((line) => line.textContent)

  it.each([
    [
      'en',
      ['Booking.com imported 1 h 52 min ago · usually every 2 h', 'Airbnb has never imported this link'],
      'How to add it to Airbnb',
      'Paste this link, name it Manzil, and choose Add calendar.',
    ],
    [
      'ar',
      ['استوردته Booking.com قبل ساعة و٥٢ دقيقة، عادةً كل ساعتين', 'لم تستورد Airbnb هذا الرابط قط'],
      'كيف تضيفه إلى Airbnb',
      'الصق هذا الرابط وسمِّه «منزل» ثم اختر «إضافة تقويم».',
    ],
  ] as const)(
    'say when each platform last imported the property link, how often it usually does, and how to paste a link never imported (%s)',
    async (language, lines, summary, lastStep) => {
      await renderWithProviders(
        <SyncHealthStrip
          properties={PROPERTIES}
          now={NOW}
          expanded
          onToggle={() => {}}
          action={null}
          imports={imports}
        />,
        { language },
      )
      expect(importLines()).toEqual(lines)
      // The never-imported line's steps, folded under it as on the property: one disclosure, for Airbnb.
      const howTo = within(screen.getByTestId('sync-health-imports')).getByTestId('import-how-to')
      expect(howTo.tagName).toBe('DETAILS')
      expect(howTo.hasAttribute('open')).toBe(false)
      expect(howTo.querySelector('summary')?.textContent).toBe(summary)
      expect(howTo.querySelectorAll('li')).toHaveLength(3)
      expect(howTo.querySelectorAll('li')[2]!.textContent).toBe(lastStep)
      expect(
        howTo.closest('li')?.querySelector('[data-testid="import-status"]')?.getAttribute('data-state'),
      ).toBe('never')
    },
  )
})
