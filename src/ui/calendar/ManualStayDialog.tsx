import { useState, type FormEvent, type RefObject } from 'react'
import { useDirtyReport, useReportDirty } from '../common/dirtyReport.ts'
import type { Booking, BookingKind } from '../../domain/bookings.ts'
import { addDays, nightsBetween } from '../../domain/dates.ts'
import {
  MAX_GUEST_NAME,
  MAX_NOTE,
  nightlyPriceOf,
  parsePrice,
  type ChosenNights,
  type ManualStayValues,
  type PriceBasis,
} from '../../domain/manualStays.ts'
import { useI18n } from '../../i18n.tsx'
import { WarningIcon } from '../common/appIcons.tsx'
import {
  DialogActions,
  FIELD_CLASS,
  FieldError,
  FormError,
  TextAreaField,
  TextField,
} from '../common/form.tsx'
import { SelectField } from '../common/SelectField.tsx'
import { useFormat } from '../common/format.ts'
import { Modal } from '../common/Modal.tsx'
import { DatePicker } from '../common/DateRangePicker.tsx'
import { bookingKey } from './month/calendarDays.ts'
import { StayLine } from './StayLine.tsx'

type Props = {
  open: boolean
  /** Adding a new stay, or editing one the host entered before. */
  mode: 'add' | 'edit'
  /** Each with its own nightly price, which a new booking without a price of its own earns. */
  properties: readonly { id: string; name: string; costPerNight?: number | null }[]
  /** The property the stay is for; a new stay may move to another. */
  propertyId: string
  values: ManualStayValues
  busy: boolean
  /** The form's own check of the dates, or the server's, shown at the dates. */
  datesError?: string
  /** The server's sentences for the guest's name, the note and the price, shown at them. */
  fieldErrors?: Partial<Record<'guestName' | 'note' | 'price', string>>
  /** The form's own check of the price. */
  priceError?: string
  /** The server's refusal that no field shows. */
  error?: string
  /** The other stays already holding any of the nights the form holds (saving sells them twice). */
  nightsTakenBy: readonly Booking[]
  /** The property's stays have not loaded (yet, or at all): the nights could not be checked. */
  nightsUnchecked: boolean
  /** The host picked another property or date: the route finds who holds those nights. */
  onNightsChange: (nights: ChosenNights) => void
  onSubmit: (propertyId: string, values: ManualStayValues) => void
  /** Cancel, Escape or a click outside; `dirty` when the form holds unsaved input. */
  onCancel: (dirty: boolean) => void
}

type FormProps = Omit<Props, 'open'> & { dirtyRef: RefObject<boolean> }

const VALUE_FIELDS: (keyof ManualStayValues)[] = [
  'start',
  'end',
  'kind',
  'guestName',
  'note',
  'price',
  'priceBasis',
]
const PRICE_BASES: PriceBasis[] = ['night', 'stay']

const KINDS: BookingKind[] = ['booking', 'block']

/** Stays named in the warning; a long stay over a busy calendar says how many more. */
const LISTED_TAKEN = 5

/**
 * The product's first promise, a night never sold twice unseen: before saving, the stays that
 * already hold these nights. A warning, not a refusal: a host may be recording what happened.
 */
function NightsTakenWarning({ stays, unchecked }: { stays: readonly Booking[]; unchecked: boolean }) {
  const { t } = useI18n()
  const more = stays.length - LISTED_TAKEN
  // Polite, and there before it has anything to say, so that what it says is announced as the host
  // picks dates, without cutting in.
  return (
    <div aria-live="polite">
      {stays.length > 0 ? (
        <div
          data-testid="stay-nights-taken"
          className="mt-3 flex gap-2 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-300 ring-inset"
        >
          <WarningIcon width={18} height={18} className="mt-px shrink-0 text-amber-600" />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="font-semibold">{t('manualStay.nightsTaken.title')}</p>
            <ul className="flex flex-col gap-0.5 break-words">
              {stays.slice(0, LISTED_TAKEN).map((stay) => (
                <li key={bookingKey(stay)}>
                  <StayLine stay={stay} />
                </li>
              ))}
              {more > 0 && <li>{t('manualStay.nightsTaken.more', { count: more })}</li>}
            </ul>
            <p>{t('manualStay.nightsTaken.doubleBooking')}</p>
          </div>
        </div>
      ) : (
        unchecked && (
          <p data-testid="stay-nights-unchecked" className="mt-1.5 text-xs text-slate-500">
            {t('manualStay.nightsTaken.unchecked')}
          </p>
        )
      )}
    </div>
  )
}

/** Radio buttons drawn as a row of buttons, the chosen one marked: the stay's kind, the price's basis. */
function ChoiceButtons<Value extends string>({
  name,
  options,
  value,
  onChange,
}: {
  name: string
  options: readonly { value: Value; label: string }[]
  value: Value
  onChange: (value: Value) => void
}) {
  return options.map((option) => (
    <label
      key={option.value}
      className={`flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border px-2 text-sm font-semibold ${
        value === option.value
          ? 'border-brand-600 bg-brand-50 text-brand-800'
          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={option.value}
        checked={value === option.value}
        onChange={() => onChange(option.value)}
        className="accent-brand-700"
      />
      {option.label}
    </label>
  ))
}

type PriceFieldProps = {
  price: string
  basis: PriceBasis
  nights: number
  /** What a new booking left without a price earns a night; undefined while editing one. */
  defaultPrice: number | null | undefined
  error?: string
  onChange: (changes: Pick<ManualStayValues, 'price'> | Pick<ManualStayValues, 'priceBasis'>) => void
}

/**
 * A booking's price, per night or for the whole stay, with what it comes to: the total of the
 * nights, or what each night earns of the total (what revenue counts).
 */
function PriceField({ price, basis, nights, defaultPrice, error, onChange }: PriceFieldProps) {
  const { t } = useI18n()
  const format = useFormat()
  const parsed = parsePrice(price, basis)
  const nightsText = t('manualStay.nights', { count: nights })
  const worked =
    parsed === null || parsed === 'invalid' || nights === 0
      ? null
      : basis === 'night'
        ? t('manualStay.priceTotal', {
            nights: nightsText,
            price: format.sar(parsed.amount),
            total: format.sar(parsed.amount * nights),
          })
        : t('manualStay.pricePerNight', {
            total: format.sar(parsed.amount),
            nights: nightsText,
            price: format.sar(Math.round(nightlyPriceOf(parsed, nights) * 100) / 100),
          })
  const hint =
    defaultPrice != null
      ? t('manualStay.priceHintDefault', { price: format.sar(defaultPrice) })
      : t('manualStay.priceHintNone')
  return (
    <fieldset className="flex flex-col gap-1.5" data-testid="stay-price-field">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('manualStay.price')}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div
          role="radiogroup"
          aria-label={t('manualStay.priceBasis')}
          className="grid grid-cols-2 gap-1 self-end"
        >
          <ChoiceButtons
            name="stay-price-basis"
            options={PRICE_BASES.map((option) => ({
              value: option,
              label: t(`manualStay.priceBases.${option}`),
            }))}
            value={basis}
            onChange={(priceBasis) => onChange({ priceBasis })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="stay-price" className="text-xs font-medium text-slate-600">
            {t('manualStay.priceAmount')}
          </label>
          <input
            id="stay-price"
            name="price"
            inputMode="decimal"
            autoComplete="off"
            dir="ltr"
            value={price}
            placeholder={defaultPrice != null && basis === 'night' ? String(defaultPrice) : undefined}
            onChange={(event) => onChange({ price: event.target.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'stay-price-error stay-price-hint' : 'stay-price-hint'}
            className={`h-11 ${FIELD_CLASS} tabular-nums rtl:text-end ${error ? 'border-red-400' : ''}`}
          />
        </div>
      </div>
      <FieldError id="stay-price-error" message={error} />
      <p id="stay-price-hint" data-testid="stay-price-hint" className="text-xs text-slate-500 tabular-nums">
        {worked ?? hint}
      </p>
    </fieldset>
  )
}

/** Lives inside the dialog, so each opening starts from what the flow holds. */
function StayForm({
  mode,
  properties,
  propertyId,
  values,
  busy,
  datesError,
  priceError,
  fieldErrors = {},
  error,
  nightsTakenBy,
  nightsUnchecked,
  onNightsChange,
  onSubmit,
  onCancel,
  dirtyRef,
}: FormProps) {
  const { t } = useI18n()
  const [chosen, setChosen] = useState(propertyId)
  const [draft, setDraft] = useState(values)
  const change = (changes: Partial<ManualStayValues>) => setDraft((current) => ({ ...current, ...changes }))
  const changeNights = (changes: Partial<ChosenNights>) => {
    const nights = { propertyId: chosen, start: draft.start, end: draft.end, ...changes }
    if (changes.propertyId !== undefined) setChosen(changes.propertyId)
    change({ start: nights.start, end: nights.end })
    onNightsChange(nights)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // A block names no guest, whatever was typed before switching to it.
    onSubmit(chosen, draft.kind === 'block' ? { ...draft, guestName: '', price: '' } : draft)
  }
  const dirty = chosen !== propertyId || VALUE_FIELDS.some((field) => draft[field] !== values[field])
  useReportDirty(dirtyRef, dirty)
  const nights = draft.end > draft.start ? nightsBetween(draft.start, draft.end) : 0
  const chosenProperty = properties.find((property) => property.id === chosen)
  const propertyName = chosenProperty?.name
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {mode === 'add' && properties.length > 1 ? (
        <SelectField
          id="stay-property"
          label={t('manualStay.property')}
          value={chosen}
          onChange={(event) => changeNights({ propertyId: event.target.value })}
        >
          {properties.map((property) => (
            <option key={property.id} value={property.id} dir="auto">
              {property.name || t('calendar.unknownProperty')}
            </option>
          ))}
        </SelectField>
      ) : (
        propertyName && (
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-700">{t('manualStay.property')}: </span>
            <span dir="auto">{propertyName}</span>
          </p>
        )
      )}
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('manualStay.kind')}</legend>
        <div className="grid grid-cols-2 gap-2">
          <ChoiceButtons
            name="stay-kind"
            options={KINDS.map((kind) => ({ value: kind, label: t(`manualStay.kinds.${kind}`) }))}
            value={draft.kind}
            onChange={(kind) => change({ kind })}
          />
        </div>
        <p className="text-xs text-slate-500">{t(`manualStay.kindHints.${draft.kind}`)}</p>
      </fieldset>
      {/* Margins, not a gap: the warning's live region is there, empty, before it speaks. */}
      <div className="flex flex-col">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <DatePicker
            label={t('manualStay.checkIn')}
            value={draft.start}
            onChange={(start) => changeNights({ start })}
            testId="stay-start"
          />
          <DatePicker
            label={t('manualStay.checkOut')}
            value={draft.end}
            min={addDays(draft.start, 1)}
            onChange={(end) => changeNights({ end })}
            testId="stay-end"
          />
        </div>
        {datesError ? (
          <p role="alert" data-testid="stay-dates-error" className="mt-1.5 text-sm text-red-700">
            {datesError}
          </p>
        ) : (
          nights > 0 && (
            <p className="mt-1.5 text-xs text-slate-500 tabular-nums">
              {t('manualStay.nights', { count: nights })}
            </p>
          )
        )}
        <NightsTakenWarning stays={nightsTakenBy} unchecked={nightsUnchecked} />
      </div>
      {draft.kind === 'booking' && (
        <TextField
          name="guestName"
          id="stay-guest"
          dir="auto"
          autoComplete="off"
          label={t('manualStay.guestName')}
          maxLength={MAX_GUEST_NAME}
          error={fieldErrors.guestName}
          value={draft.guestName}
          onChange={(event) => change({ guestName: event.target.value })}
        />
      )}
      {draft.kind === 'booking' && (
        <PriceField
          price={draft.price}
          basis={draft.priceBasis}
          nights={nights}
          defaultPrice={mode === 'add' ? (chosenProperty?.costPerNight ?? null) : undefined}
          error={priceError ?? fieldErrors.price}
          onChange={change}
        />
      )}
      <TextAreaField
        id="stay-note"
        name="note"
        dir="auto"
        label={t('manualStay.note')}
        rows={3}
        maxLength={MAX_NOTE}
        error={fieldErrors.note}
        value={draft.note}
        onChange={(event) => change({ note: event.target.value })}
      />
      <p className="text-xs text-slate-500">{t('manualStay.everywhere')}</p>
      <FormError message={error} />
      <DialogActions busy={busy} onCancel={() => onCancel(dirty)} confirmLabel={t('manualStay.save')} />
    </form>
  )
}

/** A stay or a block the host enters by hand, for one of their properties (docs/product.md §2.15). */
export function ManualStayDialog({ open, ...form }: Props) {
  const { t } = useI18n()
  const dirtyRef = useDirtyReport()
  return (
    <Modal
      open={open}
      onClose={form.busy ? () => {} : () => form.onCancel(dirtyRef.current)}
      title={t(form.mode === 'add' ? 'manualStay.addTitle' : 'manualStay.editTitle')}
      widthClass="md:max-w-[520px]"
      placement="top"
      testId="manual-stay-dialog"
    >
      <StayForm {...form} dirtyRef={dirtyRef} />
    </Modal>
  )
}
