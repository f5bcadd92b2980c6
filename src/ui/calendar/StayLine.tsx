import type { Booking } from '../../domain/bookings.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../common/format.ts'
import { bookingLabels, stayTitle } from './month/bookingLabels.ts'

/**
 * Another stay in one line, as the calendar words it: who (or what), which platform, which dates.
 * Names the other side of a conflict in a stay's details, and the stays a new one would clash with.
 */
export function StayLine({ stay }: { stay: Booking }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <>
      <bdi className="font-medium">{stayTitle(t, stay)}</bdi>
      {t('app.separator')}
      <bdi>{bookingLabels(t, stay).platform}</bdi>
      {t('app.separator')}
      {/* The range wraps whole: a year alone on the next line reads as a date of its own. */}
      <span className="whitespace-nowrap tabular-nums">
        {t('calendar.dateRange', { start: format.date(stay.start), end: format.date(stay.end) })}
      </span>
    </>
  )
}
