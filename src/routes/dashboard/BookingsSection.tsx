import { Suspense } from 'react'
import { Link } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { BookingsOverviewPlaceholder } from '../../ui/dashboard/BookingsOverviewPlaceholder.tsx'
import { ChevronEndIcon } from '../../ui/common/icons.tsx'
import { lazyPart } from '../../ui/common/lazyParts.tsx'
import { PATHS } from '../../domain/paths.ts'

// Below a phone's first screen: the month calendar, the stay lists and the feed reader they need
// load after the first paint, in the placeholder's place.
const BookingsOverview = lazyPart(() =>
  import('./BookingsOverview.tsx').then((module) => module.BookingsOverview),
)
/**
 * Its code asked for with the dashboard's data, before the first paint: the stay lists wait for
 * it after that paint otherwise, a round trip late on a phone.
 */
export const prefetchBookingsOverview = BookingsOverview.prefetch
const prefetchModal = () =>
  void import('./BookingsOverview.tsx').then((module) => module.BookingsModal.prefetch())

/** The dashboard's "bookings calendar" section, its month calendar and the two stay lists. */
export function BookingsSection() {
  const { t } = useI18n()
  return (
    <section
      aria-labelledby="bookings-title"
      data-testid="bookings-section"
      className="mb-8"
      onPointerEnter={prefetchModal}
      onFocus={prefetchModal}
    >
      <header className="mb-4 flex items-center justify-between gap-4">
        <h2 id="bookings-title" className="text-lg font-semibold text-slate-900">
          {t('pages.calendar.title')}
        </h2>
        <Link
          href={PATHS.calendar}
          className="inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          {t('calendar.openCalendar')}
          <ChevronEndIcon width={16} height={16} />
        </Link>
      </header>
      <Suspense fallback={<BookingsOverviewPlaceholder />}>
        <BookingsOverview.Component />
      </Suspense>
    </section>
  )
}
