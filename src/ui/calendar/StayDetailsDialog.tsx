import type { Property } from '../../../contract/property.ts'
import type { Booking } from '../../domain/bookings.ts'
import { isClosureSale, stayName } from '../../domain/stayWords.ts'
import { useI18n } from '../../i18n.tsx'
import { Modal } from '../common/Modal.tsx'
import { Spinner } from '../common/Spinner.tsx'
import { stayTitle } from './month/bookingLabels.ts'
import { bookingKey } from './month/calendarDays.ts'
import { StayDetails } from './StayDetails.tsx'

/**
 * Why a linked stay's details are not (all) there: the calendar still loads, or a stay the link
 * names is not among the owner's (cancelled and gone, deleted, another account's, a wrong link).
 */
export type StaysProblem = 'loading' | 'missing'

type Props = {
  /** The stays shown: one, or a double booking's two; none and no problem: closed. */
  stays: readonly Booking[]
  problem?: StaysProblem
  bookings: readonly Booking[]
  properties: readonly Property[]
  onClose: () => void
  onEdit?: (b: Booking) => void
  onDelete?: (b: Booking) => void
}

/**
 * One stay's details (the timeline opens it from a bar), or a double booking's two side
 * by side in one list (a conflict's notification opens both). A centred dialog on wide screens, a
 * bottom sheet on phones, like the app's other dialogs. A link to a stay that is not there says
 * so in the reader's language.
 */
export function StayDetailsDialog({
  stays,
  problem,
  bookings,
  properties,
  onClose,
  onEdit,
  onDelete,
}: Props) {
  const { t } = useI18n()
  const only = stays.length === 1 ? stays[0] : undefined
  const detailsOf = (stay: Booking) => (
    <StayDetails
      booking={stay}
      bookings={bookings}
      properties={properties}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  )
  // A Booking.com sale written as a closure is named as that platform's reservation, not by its
  // status: the details' words (stayName), which its notices share.
  const title = only ? (
    <bdi>{isClosureSale(only) ? stayName(t, only) : stayTitle(t, only)}</bdi>
  ) : stays.length > 1 ? (
    t('stayDetails.doubleBookingTitle')
  ) : problem === 'missing' ? (
    t('stayDetails.notFoundTitle')
  ) : (
    t('stayDetails.title')
  )
  return (
    <Modal
      open={stays.length > 0 || problem !== undefined}
      onClose={onClose}
      title={title}
      widthClass="md:max-w-[560px]"
      testId="stay-details-dialog"
    >
      {problem === 'loading' && stays.length === 0 && (
        <div className="flex justify-center py-8 text-sm">
          <Spinner label={t('app.loading')} />
        </div>
      )}
      {problem === 'missing' && (
        <p role="status" data-testid="stay-not-found" className="mb-3 text-sm text-slate-600">
          {t(stays.length > 0 ? 'stayDetails.partlyNotFound' : 'stayDetails.notFound')}
        </p>
      )}
      {only ? (
        <div data-testid="stay-details">{detailsOf(only)}</div>
      ) : (
        stays.length > 1 && (
          <ul className="flex flex-col gap-3">
            {stays.map((stay) => (
              <li
                key={bookingKey(stay)}
                data-testid="stay-details"
                data-manual={stay.manual || undefined}
                className={`rounded-2xl border p-4 ${stay.conflict ? 'border-red-300 bg-red-50/50' : 'border-slate-200'}`}
              >
                {detailsOf(stay)}
              </li>
            ))}
          </ul>
        )
      )}
    </Modal>
  )
}
