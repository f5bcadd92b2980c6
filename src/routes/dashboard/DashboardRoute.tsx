import { lazy, Suspense } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { rangeFromLink, thisMonth } from '../../domain/dateRange.ts'
import { useI18n } from '../../i18n.tsx'
import { AfterFirstPaint } from '../../ui/common/AfterFirstPaint.tsx'
import { HeadingLevel } from '../../ui/common/Heading.tsx'
import { PageHeader } from '../../ui/common/PageHeader.tsx'
import { richText, UserText } from '../../ui/common/UserText.tsx'
import { BookingsSection, prefetchBookingsOverview } from './BookingsSection.tsx'
import { ExposureSection } from './ExposureSection.tsx'
import { IntegrationSection } from './IntegrationSection.tsx'
import { PropertiesSection } from './PropertiesSection.tsx'
import { StatisticsSection } from './StatisticsSection.tsx'
import { dashboardStatisticsQuery, monthlyStatisticsQuery } from '../../features/statistics/statisticsKeys.ts'
import { prefetchProperties } from '../../features/properties/propertyList.ts'
import { useProfile } from '../../frame/session.ts'

// Its own chunk, after the first paint: the dashboard's first screen is at its weight's limit.
const TurnoversToday = lazy(() => import('./TurnoversToday.tsx'))

/** What the dashboard shows first, asked for beside the profile (src/frame/SignedInApp.tsx). */
export function prefetchData(queryClient: QueryClient, search: URLSearchParams) {
  const range = rangeFromLink(search.get('start'), search.get('end')) ?? thisMonth()
  void queryClient.prefetchQuery(dashboardStatisticsQuery(range))
  void queryClient.prefetchQuery(monthlyStatisticsQuery)
  prefetchProperties(queryClient)
  // The stays' queries come with the bookings section's code, out of the first screen's weight:
  // index.html has already asked for their first answers.
  void import('../../features/bookings/bookingKeys.ts').then((module) => module.prefetchBookings(queryClient))
  prefetchBookingsOverview()
}

/**
 * The dashboard (docs/product.md §2.6): a header with the title and a welcome line, then the
 * figures for a period, the properties, the nights at risk, the bookings and the integration cards.
 */
export default function DashboardRoute() {
  const { t } = useI18n()
  const profile = useProfile()
  const name = profile.data?.name
  return (
    <>
      <PageHeader
        title={t('pages.dashboard.title')}
        subtitle={
          name
            ? richText(t, 'pages.dashboard.welcome', { name: <UserText>{name}</UserText> })
            : t('pages.dashboard.welcomeAnonymous')
        }
      />
      {/* The line's height is kept before it arrives, so nothing under it moves. */}
      <div className="-mt-3 mb-5 min-h-7">
        <AfterFirstPaint>
          <Suspense fallback={null}>
            <TurnoversToday />
          </Suspense>
        </AfterFirstPaint>
      </div>
      {/* Each section has its h2; the cards and panels in it are titled one level under. */}
      <HeadingLevel level={3}>
        <StatisticsSection />
        <AfterFirstPaint>
          <PropertiesSection />
          <ExposureSection />
          <BookingsSection />
          <IntegrationSection />
        </AfterFirstPaint>
      </HeadingLevel>
    </>
  )
}
