import { useState } from 'react'
import type { Property } from '../../../contract/property.ts'
import { holdsNoNights, type Booking } from '../../domain/bookings.ts'
import type { DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../common/form.tsx'
import { useFormat } from '../common/format.ts'
import { ChevronDownIcon } from '../common/icons.tsx'
import { PlusIcon } from '../common/appIcons.tsx'
import { Modal } from '../common/Modal.tsx'
import { bookingKey } from './month/calendarDays.ts'
import { StayDetails } from './StayDetails.tsx'

type Props = {
  day: DateOnly | null
  bookings: readonly Booking[]
  onClose: () => void
  /** Where the host may enter stays by hand (the calendar): add one from this day. */
  onAdd?: (day: DateOnly) => void
  /** Edit or delete a manual stay; without them its details show no buttons. */
  onEdit?: (booking: Booking) => void
  onDelete?: (booking: Booking) => void
  /** The properties, for the feed each stay came from and when it last synced. */
  properties?: readonly Property[]
  /** Every stay shown, so a conflict names the other stay even when it is not this day's. */
  allBookings?: readonly Booking[]
}

type ListedStayProps = Pick<Props, 'onEdit' | 'onDelete'> & {
  booking: Booking
  /** The day's only stay shows its details in full; one of several folds them away. */
  alone: boolean
  bookings: readonly Booking[]
  properties: readonly Property[]
}

/** One stay of the day: its main fields, and the rest of its details in place when unfolded. */
function ListedStay({ booking, alone, ...rest }: ListedStayProps) {
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  const toggle = alone ? undefined : (
    <button
      type="button"
      aria-expanded={open}
      onClick={() => setOpen((current) => !current)}
      className="mt-3 inline-flex items-center gap-1 rounded-lg py-1 text-sm font-medium text-brand-700 hover:text-brand-800"
    >
      {open ? t('stayDetails.hide') : t('stayDetails.show')}
      <ChevronDownIcon width={16} height={16} className={open ? 'rotate-180' : undefined} />
    </button>
  )
  return <StayDetails booking={booking} full={alone || open} toggle={toggle} {...rest} />
}

/** Every booking of a day with each of its fields, or "No bookings" (docs/product.md §2.14). */
export function BookingsModal({
  day,
  bookings,
  onClose,
  onAdd,
  onEdit,
  onDelete,
  properties = [],
  allBookings,
}: Props) {
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
          {bookings.map((booking) => (
            <li
              key={bookingKey(booking)}
              data-testid="booking-details"
              data-echo={booking.echo || undefined}
              data-rule={booking.rule}
              data-manual={booking.manual || undefined}
              className={`rounded-2xl border p-4 ${
                booking.conflict
                  ? 'border-red-300 bg-red-50/50'
                  : holdsNoNights(booking)
                    ? 'border-dashed border-slate-300 bg-slate-50 text-slate-500'
                    : 'border-slate-200'
              }`}
            >
              <ListedStay
                booking={booking}
                alone={bookings.length === 1}
                bookings={allBookings ?? bookings}
                properties={properties}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            </li>
          ))}
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
