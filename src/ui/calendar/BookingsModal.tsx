import type { Booking } from '../../domain/bookings.ts'
import type { DateOnly } from '../../domain/dates.ts'
import type { FeedWarning } from '../../domain/feedWarnings.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../format.ts'
import { Modal } from '../Modal.tsx'
import { ColorSwatch, ConflictBadge, PlatformBadge, StatusBadge } from './badges.tsx'
import { bookingLabels } from './bookingLabels.ts'
import { bookingKey } from './calendarDays.ts'

type Props = { day: DateOnly | null; bookings: readonly Booking[]; onClose: () => void }

/** What the stay's feed said that could not be taken as written, with the feed's own days. */
function FeedWarningNote({ warning }: { warning: FeedWarning }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <p
      role="note"
      data-testid="feed-warning"
      className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200 ring-inset"
    >
      {t(`calendar.feedWarnings.${warning.kind}`, {
        start: format.date(warning.start),
        end: format.date(warning.end),
      })}
    </p>
  )
}

/** SPEC 2: every booking of a day with each of its fields, or "No bookings". */
export function BookingsModal({ day, bookings, onClose }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <Modal
      open={day !== null}
      onClose={onClose}
      title={day ? t('calendar.bookingsOn', { date: format.date(day) }) : t('calendar.bookings')}
      widthClass="md:max-w-[560px]"
      testId="bookings-modal"
    >
      {bookings.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t('calendar.noBookings')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {bookings.map((booking) => {
            const labels = bookingLabels(t, booking)
            return (
              <li
                key={bookingKey(booking)}
                data-testid="booking-details"
                className={`rounded-2xl border p-4 ${booking.conflict ? 'border-red-300 bg-red-50/50' : 'border-slate-200'}`}
              >
                {booking.conflict && (
                  <p className="mb-3 flex items-center gap-2 text-sm text-red-700">
                    <ConflictBadge />
                    {t('calendar.conflictHint')}
                  </p>
                )}
                {booking.feedWarning && <FeedWarningNote warning={booking.feedWarning} />}
                <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
                  <dt className="text-slate-500">{t('calendar.fields.property')}</dt>
                  <dd className="font-semibold text-slate-900">{labels.property}</dd>
                  <dt className="text-slate-500">{t('calendar.fields.guest')}</dt>
                  <dd className="text-slate-900">{labels.guest}</dd>
                  <dt className="text-slate-500">{t('calendar.fields.start')}</dt>
                  <dd className="text-slate-900 tabular-nums">{format.date(booking.start)}</dd>
                  <dt className="text-slate-500">{t('calendar.fields.end')}</dt>
                  <dd className="text-slate-900 tabular-nums">{format.date(booking.end)}</dd>
                  <dt className="text-slate-500">{t('calendar.fields.status')}</dt>
                  <dd>
                    <StatusBadge label={labels.status} kind={booking.kind} />
                  </dd>
                  <dt className="text-slate-500">{t('calendar.fields.platform')}</dt>
                  <dd>
                    <PlatformBadge label={labels.platform} />
                  </dd>
                  <dt className="text-slate-500">{t('calendar.fields.color')}</dt>
                  <dd className="flex items-center gap-2">
                    <ColorSwatch color={booking.color} className="size-4" />
                    <span className="font-mono text-xs text-slate-600" dir="ltr">
                      {booking.color}
                    </span>
                  </dd>
                </dl>
              </li>
            )
          })}
        </ul>
      )}
    </Modal>
  )
}
