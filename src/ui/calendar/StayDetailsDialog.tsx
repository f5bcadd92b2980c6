import type { Property } from '../../actors/api.ts'
import type { Booking } from '../../domain/bookings.ts'
import { useI18n } from '../../i18n.tsx'
import { Modal } from '../Modal.tsx'
import { stayTitle } from './bookingLabels.ts'
import { StayDetails } from './StayDetails.tsx'

type Props = {
  booking: Booking | null
  bookings: readonly Booking[]
  properties: readonly Property[]
  onClose: () => void
  onEdit?: (b: Booking) => void
  onDelete?: (b: Booking) => void
}

/**
 * Issue 16: one stay's details, open while `booking` is set (the timeline opens it from a bar). A
 * centred dialog on wide screens, a bottom sheet on phones, like the app's other dialogs.
 */
export function StayDetailsDialog({ booking, bookings, properties, onClose, onEdit, onDelete }: Props) {
  const { t } = useI18n()
  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      title={booking ? <bdi>{stayTitle(t, booking)}</bdi> : t('stayDetails.title')}
      widthClass="md:max-w-[560px]"
      testId="stay-details-dialog"
    >
      {booking && (
        <div data-testid="stay-details">
          <StayDetails
            booking={booking}
            bookings={bookings}
            properties={properties}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </div>
      )}
    </Modal>
  )
}
