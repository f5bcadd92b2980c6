import { adminApi } from '../../src/actors/adminApi.ts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { PlatformCadence } from '../../contract/imports.ts'
import type { Profile } from '../../contract/user.ts'
import { api } from '../../src/actors/api.ts'
import { MeasuredIntervals } from '../../src/ui/integration/MeasuredIntervals.tsx'
import { MeasuredIntervalsSection } from '../../src/routes/integration/MeasuredIntervalsSection.tsx'
import { renderWithProviders } from './providers.tsx'

const aPlatform = (overrides: Partial<PlatformCadence> = {}): PlatformCadence => ({
  platformName: 'Airbnb',
  medianIntervalMinutes: 130,
  p95IntervalMinutes: 300,
  feedsCounted: 12,
  accountsCounted: 5,
  userAgentFamilies: [
    { family: 'Airbnb Calendar Sync', fetches: 740 },
    { family: '', fetches: 2 },
  ],
  ...overrides,
})

const aProfile = (isAdmin: boolean): Profile => ({
  id: 'me',
  name: 'Noura',
  email: 'noura@example.com',
  phone: null,
  residentalAddress: null,
  isAdmin,
  accountState: 'active',
  settings: { notifications: true, twofactorMode: false, pushGuestNames: false },
})

const texts = (testId: string) => screen.getAllByTestId(testId).map((element) => element.textContent)

afterEach(() => vi.restoreAllMocks())

describe('measured import intervals', () => {
  it('show each platform’s median in the host’s wording, its p95, what was counted and who fetched', async () => {
    await renderWithProviders(
      <MeasuredIntervals
        platforms={[
          aPlatform(),
          aPlatform({
            platformName: 'Vrbo',
            medianIntervalMinutes: 45,
            p95IntervalMinutes: 2880,
            feedsCounted: 1,
            accountsCounted: 1,
            userAgentFamilies: [{ family: 'Vrbo', fetches: 1 }],
          }),
        ]}
      />,
    )
    expect(texts('measured-median')).toEqual(['usually every 2 h 10 min', 'usually every 45 min'])
    expect(texts('measured-p95')).toEqual(['within 5 h', 'within 2 d'])
    expect(texts('measured-counted')).toEqual(['12 links · 5 accounts', '1 link · 1 account'])
    expect(texts('measured-user-agent')).toEqual([
      'Airbnb Calendar Sync740 fetches',
      'No User-Agent sent2 fetches',
      'Vrbo1 fetch',
    ])
  })

  it('say so in Arabic, with Arabic plurals and digits', async () => {
    await renderWithProviders(<MeasuredIntervals platforms={[aPlatform()]} />, { language: 'ar' })
    expect(texts('measured-median')).toEqual(['عادةً كل ساعتين و١٠ دقائق'])
    expect(texts('measured-p95')).toEqual(['خلال ٥ ساعات'])
    expect(texts('measured-counted')[0]).toContain('١٢ رابطًا')
    expect(texts('measured-counted')[0]).toContain('٥ حسابات')
  })

  it('say a platform imported too seldom to measure', async () => {
    await renderWithProviders(
      <MeasuredIntervals
        platforms={[aPlatform({ medianIntervalMinutes: null, p95IntervalMinutes: null })]}
      />,
    )
    expect(screen.getByTestId('measured-too-few').textContent).toBe('Too few imports to measure yet')
    expect(screen.queryByTestId('measured-median')).toBeNull()
  })

  it('say no platform has imported yet', async () => {
    await renderWithProviders(<MeasuredIntervals platforms={[]} />)
    expect(screen.getByTestId('measured-empty').textContent).toBe('No platform has imported yet')
  })
})

describe('the integration page’s measured intervals', () => {
  it('are never asked for nor shown for a host', async () => {
    vi.spyOn(api.user, 'profile').mockResolvedValue(aProfile(false))
    const measured = vi.spyOn(adminApi, 'platformCadence').mockResolvedValue([aPlatform()])
    await renderWithProviders(<MeasuredIntervalsSection />)
    await waitFor(() => expect(api.user.profile).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(measured).not.toHaveBeenCalled()
    expect(screen.queryByTestId('measured-intervals')).toBeNull()
  })

  it('are shown to an admin', async () => {
    vi.spyOn(api.user, 'profile').mockResolvedValue(aProfile(true))
    vi.spyOn(adminApi, 'platformCadence').mockResolvedValue([aPlatform()])
    await renderWithProviders(<MeasuredIntervalsSection />)
    expect(await screen.findByRole('heading', { name: 'Measured import intervals' })).toBeTruthy()
    expect(await screen.findByTestId('measured-median')).toBeTruthy()
  })

  it('say a failure in red with a retry', async () => {
    vi.spyOn(api.user, 'profile').mockResolvedValue(aProfile(true))
    vi.spyOn(adminApi, 'platformCadence').mockRejectedValue(new Error('The server is down'))
    await renderWithProviders(<MeasuredIntervalsSection />)
    expect((await screen.findByRole('alert')).textContent).toBe('The server is down')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
