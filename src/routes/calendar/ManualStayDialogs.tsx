import { useState } from 'react'
import { staysHoldingNights, type ChosenNights } from '../../domain/manualStays.ts'
import { useStaysAround } from '../../features/calendar/bookings.ts'
import { useI18n } from '../../i18n.tsx'
import { DeleteStayDialog } from '../../ui/calendar/DeleteStayDialog.tsx'
import { ManualStayDialog } from '../../ui/calendar/ManualStayDialog.tsx'
import { ConfirmDiscardDialog } from '../../ui/common/ConfirmDiscardDialog.tsx'
import type { PropertyRef, useManualStayFlow } from '../../features/calendar/ManualStayFlow.tsx'
import { feedbackText, formFeedback } from '../../common/notify.ts'

// Its own chunk, with the dialogs' code, loaded by CalendarRoute when a stay is added,
// edited or deleted (and prefetched once the calendar has drawn).

type DialogsProps = {
  flow: ReturnType<typeof useManualStayFlow>
  properties: readonly (PropertyRef & { costPerNight?: number | null })[]
}

/** The add/edit form and the delete confirmation, as the flow's state says. */
export function ManualStayDialogs({ flow: { state, send }, properties }: DialogsProps) {
  const { t } = useI18n()
  const value = state.value
  const { propertyId, stayId, values, error, errorAt } = state.context
  // The nights the form shows as the host picks them; the flow holds what was opened or submitted.
  // These dialogs mount with each opening (WhenOpen), so every opening starts from the flow's.
  const [picked, setPicked] = useState<ChosenNights | null>(null)
  const nights = picked ?? { propertyId, start: values.start, end: values.end }
  // The stays of the nights' months, the calendar's own when it shows them (the feed may still
  // load, or have failed: the dialog then says the nights are unchecked).
  const around = useStaysAround(nights, properties)
  const nightsTakenBy = staysHoldingNights(around.stays, nights, stayId)
  const message = feedbackText(t, error)
  const refused = formFeedback(t, errorAt === 'form' ? error : undefined, [
    'start',
    'end',
    'guestName',
    'note',
    'price',
  ])
  const propertyName = properties.find((property) => property.id === propertyId)?.name ?? ''
  return (
    <>
      <ManualStayDialog
        open={value === 'editing' || value === 'saving' || value === 'confirmingDiscard'}
        mode={stayId === null ? 'add' : 'edit'}
        properties={properties}
        propertyId={propertyId}
        values={values}
        busy={value === 'saving'}
        datesError={errorAt === 'dates' ? message : (refused.fields.end ?? refused.fields.start)}
        priceError={errorAt === 'price' ? message : undefined}
        fieldErrors={refused.fields}
        error={refused.banner}
        nightsTakenBy={nightsTakenBy}
        nightsUnchecked={!around.loaded}
        onNightsChange={setPicked}
        onSubmit={(chosen, submitted) => send({ type: 'submit', propertyId: chosen, values: submitted })}
        onCancel={(dirty) => send({ type: 'cancel', dirty })}
      />
      <ConfirmDiscardDialog
        open={value === 'confirmingDiscard'}
        draft={stayId === null ? 'stay' : 'stayChanges'}
        onKeepEditing={() => send({ type: 'keepEditing' })}
        onDiscard={() => send({ type: 'discard' })}
      />
      <DeleteStayDialog
        open={value === 'confirmingDelete' || value === 'deleting'}
        stay={{ start: values.start, end: values.end, propertyName }}
        busy={value === 'deleting'}
        error={message}
        onConfirm={() => send({ type: 'confirm' })}
        onCancel={() => send({ type: 'cancel' })}
      />
    </>
  )
}
