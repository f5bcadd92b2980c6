import type { Booking } from '../../domain/bookings.ts'
import type { DateOnly } from '../../domain/dates.ts'
import type { FeedWarning } from '../../domain/feedWarnings.ts'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../form.tsx'
import { useFormat } from '../format.ts'
import { PencilIcon, PlusIcon, TrashIcon } from '../icons.tsx'
import { Modal } from '../Modal.tsx'
import { ColorSwatch, ConflictBadge, EchoBadge, PlatformBadge, StatusBadge } from './badges.tsx'
import { bookingLabels } from './bookingLabels.ts'
import { bookingKey } from './calendarDays.ts'

type Props = {
  day: DateOnly | null
  bookings: readonly Booking[]
  onClose: () => void
  /** Where the host may enter stays by hand (the calendar): add one from this day. */
  onAdd?: (day: DateOnly) => void
  /** Edit or delete a manual stay; without them its details show no buttons. */
  onEdit?: (booking: Booking) => void
  onDelete?: (booking: Booking) => void
}

/** Edit and Delete under a stay the host entered by hand. */
function ManualStayActions({
  booking,
  onEdit,
  onDelete,
}: { booking: Booking } & Pick<Props, 'onEdit' | 'onDelete'>) {
  const { t } = useI18n()
  if (!booking.manual || booking.stayId === null || (!onEdit && !onDelete)) return null
  return (
    <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
      {onEdit && (
        <Button type="button" variant="secondary" className="h-9 px-3" onClick={() => onEdit(booking)}>
          <PencilIcon width={16} height={16} />
          {t('manualStay.edit')}
        </Button>
      )}
      {onDelete && (
        <Button
          type="button"
          variant="secondary"
          className="h-9 px-3 text-red-700"
          onClick={() => onDelete(booking)}
        >
          <TrashIcon width={16} height={16} />
          {t('manualStay.delete')}
        </Button>
      )}
    </div>
  )
}

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
export function BookingsModal({ day, bookings, onClose, onAdd, onEdit, onDelete }: Props) {
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
                data-echo={booking.echo || undefined}
                data-manual={booking.manual || undefined}
                className={`rounded-2xl border p-4 ${
                  booking.conflict
                    ? 'border-red-300 bg-red-50/50'
                    : booking.echo
                      ? 'border-dashed border-slate-300 bg-slate-50 text-slate-500'
                      : 'border-slate-200'
                }`}
              >
                {booking.conflict && (
                  <p className="mb-3 flex items-center gap-2 text-sm text-red-700">
                    <ConflictBadge />
                    {t('calendar.conflictHint')}
                  </p>
                )}
                {booking.echo && (
                  <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-500">
                    <EchoBadge />
                    {t('manualStay.echoHint')}
                  </p>
                )}
                {booking.feedWarning && <FeedWarningNote warning={booking.feedWarning} />}
                <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
                  <dt className="text-slate-500">{t('calendar.fields.property')}</dt>
                  <dd className="min-w-0 font-semibold break-words text-slate-900">
                    <bdi>{labels.property}</bdi>
                  </dd>
                  <dt className="text-slate-500">{t('calendar.fields.guest')}</dt>
                  <dd className="min-w-0 break-words text-slate-900">
                    <bdi>{labels.guest}</bdi>
                  </dd>
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
                  {booking.note && (
                    <>
                      <dt className="text-slate-500">{t('manualStay.noteField')}</dt>
                      <dd dir="auto" className="text-start break-words whitespace-pre-line text-slate-900">
                        {booking.note}
                      </dd>
                    </>
                  )}
                </dl>
                <ManualStayActions booking={booking} onEdit={onEdit} onDelete={onDelete} />
              </li>
            )
          })}
        </ul>
      )}
      {onAdd && day && (
        <div className="mt-4 flex justify-end">
          <Button type="button" onClick={() => onAdd(day)}>
            <PlusIcon width={18} height={18} />
            {t('manualStay.add')}
          </Button>
        </div>
      )}
    </Modal>
  )
}
