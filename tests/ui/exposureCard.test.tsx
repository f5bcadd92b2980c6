import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Exposure } from '../../contract/imports.ts'
import { EXPOSURE_LINES_PER_STEP, ExposureCard } from '../../src/ui/dashboard/ExposureCard.tsx'
import { renderWithProviders } from './providers.tsx'
import { anExposurePlatform } from './propertyBuilders.ts'

const NOW = Date.parse('2030-03-10T12:00:00Z')
const EXPOSURE: Exposure = {
  nightsAtRisk: 3,
  properties: [
    {
      propertyId: 'p1',
      propertyName: 'Palm Villa',
      platforms: [
        anExposurePlatform({
          platformName: 'Booking.com',
          nightsAtRisk: 2,
          oldestSince: '2030-03-10T09:00:00Z',
          lastFetchedAt: '2030-03-10T08:00:00Z',
        }),
        anExposurePlatform({ platformName: 'Airbnb', lastFetchedAt: '2030-03-10T11:00:00Z' }),
      ],
    },
    {
      propertyId: 'p2',
      propertyName: 'Desert Loft',
      platforms: [
        anExposurePlatform({
          platformName: 'Vrbo',
          nightsAtRisk: 1,
          oldestSince: '2030-03-10T11:00:00Z',
          lastFetchedAt: '2030-03-07T12:00:00Z',
        }),
      ],
    },
  ],
  silent: [{ propertyId: 'p2', platformName: 'Vrbo', lastFetchedAt: '2030-03-07T12:00:00Z' }],
}

const texts = (testId: string) => screen.getAllByTestId(testId).map((element) => element.textContent)

describe('the exposure card', () => {
  it.each([
    [
      'en',
      {
        nights: '3 nights at risk',
        oldest: 'The oldest was taken 3 hours ago',
        platforms: [
          'Palm Villa: 2 nights not yet closed on Booking.com',
          'Desert Loft: 1 night not yet closed on Vrbo',
        ],
        silent: ['Vrbo stopped importing the link of Desert Loft (last 3 days ago)'],
      },
    ],
    [
      'ar',
      {
        nights: '٣ ليالٍ معرّضة',
        oldest: 'أقدمها حُجز قبل ٣ ساعات',
        platforms: [
          'Palm Villa: ليلتان لم تُغلقا بعد على Booking.com',
          'Desert Loft: ليلة واحدة لم تُغلق بعد على Vrbo',
        ],
        silent: ['توقفت Vrbo عن استيراد رابط Desert Loft (آخر مرة قبل ٣ أيام)'],
      },
    ],
  ] as const)(
    'counts the nights at risk, the oldest, each platform missing some and each silent link (%s)',
    async (language, expected) => {
      await renderWithProviders(<ExposureCard exposure={EXPOSURE} now={NOW} />, { language })
      expect(screen.getByTestId('exposure-nights').textContent).toBe(expected.nights)
      expect(screen.getByTestId('exposure-oldest').textContent).toBe(expected.oldest)
      expect(texts('exposure-platform')).toEqual(expected.platforms)
      expect(texts('exposure-silent')).toEqual(expected.silent)
    },
  )

  it("lists a portfolio's platforms and silent links a few lines at a time", async () => {
    const flats = Array.from({ length: 12 }, (_, index) => ({
      propertyId: `flat-${index}`,
      propertyName: `Flat ${index}`,
      platforms: [
        anExposurePlatform({
          platformName: 'Airbnb',
          nightsAtRisk: 1,
          oldestSince: '2030-03-10T09:00:00Z',
          lastFetchedAt: '2030-03-07T12:00:00Z',
        }),
      ],
    }))
    const silent = flats.slice(0, 7).map((flat) => ({
      propertyId: flat.propertyId,
      platformName: 'Airbnb',
      lastFetchedAt: '2030-03-07T12:00:00Z',
    }))
    await renderWithProviders(
      <ExposureCard exposure={{ nightsAtRisk: 12, properties: flats, silent }} now={NOW} />,
    )
    const user = userEvent.setup()
    expect(screen.getAllByTestId('exposure-platform')).toHaveLength(EXPOSURE_LINES_PER_STEP)
    expect(screen.getByTestId('more-exposure-platforms').textContent).toBe(
      `+ ${12 - EXPOSURE_LINES_PER_STEP} more`,
    )
    expect(texts('exposure-silent')).toHaveLength(EXPOSURE_LINES_PER_STEP)
    expect(texts('exposure-silent')[4]).toBe('Airbnb stopped importing the link of Flat 4 (last 3 days ago)')
    await user.click(screen.getByTestId('more-exposure-silent'))
    expect(texts('exposure-silent')).toHaveLength(7)
    expect(screen.queryByTestId('more-exposure-silent')).toBeNull()
    await user.click(screen.getByTestId('more-exposure-platforms'))
    await user.click(screen.getByTestId('more-exposure-platforms'))
    expect(texts('exposure-platform').at(-1)).toBe('Flat 11: 1 night not yet closed on Airbnb')
    expect(screen.queryByTestId('more-exposure-platforms')).toBeNull()
  })

  it('says no night is at risk, with no oldest and no list, when every platform is up to date', async () => {
    await renderWithProviders(
      <ExposureCard exposure={{ nightsAtRisk: 0, properties: [], silent: [] }} now={NOW} />,
    )
    expect(screen.getByTestId('exposure-nights').textContent).toBe(
      'No nights at risk: every platform has your latest availability',
    )
    expect(screen.queryByTestId('exposure-oldest')).toBeNull()
    expect(screen.queryByTestId('exposure-platform')).toBeNull()
  })
})
