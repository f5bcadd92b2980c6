import { Fragment } from 'react'
import { addressPartsFor, type StoredAddress } from '../../domain/address.ts'
import { DESCRIPTION_MAX, withAddressText, withTimeZone, type PropertyDraft } from '../../domain/property.ts'
import { useI18n } from '../../i18n.tsx'
import { TextAreaField, TextField } from '../common/form.tsx'
import { useFormat } from '../common/format.ts'
import { TimeZoneField } from './TimeZoneField.tsx'

type Props = {
  draft: PropertyDraft
  onChange: (draft: PropertyDraft) => void
  /** The stored address of the property being edited. */
  stored?: StoredAddress
  disabled?: boolean
  /** Each field's problem, translated, shown at the field. */
  errors?: Partial<Record<PropertyFormField, string>>
}

/** The fields this form shows a problem at. */
export type PropertyFormField =
  'name' | 'addressText' | 'capacity' | 'costPerNight' | 'description' | 'checkInTime' | 'checkOutTime'

const PREVIEW_PARTS = ['country', 'region', 'city', 'address'] as const
const PREVIEW_ID = 'field-address-parts'

/**
 * The address is one text (docs/product.md §5.4); this line, the field's description, shows the
 * parts it will be saved as, so the split holds no surprise.
 */
function AddressPreview({ text, stored }: { text: string; stored?: StoredAddress }) {
  const { t } = useI18n()
  const parts = addressPartsFor(text, stored)
  return (
    <p id={PREVIEW_ID} data-testid="address-preview" className="text-xs break-words text-slate-500">
      {PREVIEW_PARTS.map((part, index) => (
        <Fragment key={part}>
          {index > 0 && ' '}
          {/* A part wraps as a whole, its separator with it, unless it is longer than the line. */}
          <span className="inline-block max-w-full">
            {t(`property.addressParts.${part}`)}:{' '}
            <bdi data-testid={`address-${part}`} className="font-medium text-slate-700">
              {parts[part] || '—'}
            </bdi>
            {index < PREVIEW_PARTS.length - 1 && ' ·'}
          </span>
        </Fragment>
      ))}
    </p>
  )
}

/** The property's own fields, shared by the add form and the editor's About tab. */
export function PropertyFormFields({ draft, onChange, stored, disabled, errors = {} }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const set = (field: Exclude<PropertyFormField, 'addressText'>) => (value: string) =>
    onChange({ ...draft, [field]: value })
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label={t('property.name')}
        name="name"
        value={draft.name}
        onChange={(event) => set('name')(event.target.value)}
        error={errors.name}
        disabled={disabled}
        autoComplete="off"
      />
      <TextField
        label={t('property.address')}
        name="address"
        value={draft.addressText}
        placeholder={t('property.addressPlaceholder')}
        onChange={(event) => onChange(withAddressText(draft, event.target.value))}
        error={errors.addressText}
        disabled={disabled}
        autoComplete="off"
        aria-describedby={PREVIEW_ID}
        hint={<AddressPreview text={draft.addressText} stored={stored} />}
      />
      <TimeZoneField
        value={draft.timeZone}
        onChange={(timeZone) => onChange(withTimeZone(draft, timeZone))}
        disabled={disabled}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('property.capacity')}
          name="capacity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft.capacity}
          onChange={(event) => set('capacity')(event.target.value)}
          error={errors.capacity}
          disabled={disabled}
        />
        <TextField
          label={t('property.costPerNight')}
          name="costPerNight"
          type="number"
          inputMode="decimal"
          min={0}
          value={draft.costPerNight}
          onChange={(event) => set('costPerNight')(event.target.value)}
          error={errors.costPerNight}
          disabled={disabled}
        />
        {/* Times of day in the property's zone: the cleanings fit between them. */}
        {(['checkInTime', 'checkOutTime'] as const).map((field) => (
          <TextField
            key={field}
            label={t(`property.${field}`)}
            name={field}
            type="time"
            dir="ltr"
            value={draft[field]}
            onChange={(event) => set(field)(event.target.value)}
            error={errors[field]}
            disabled={disabled}
          />
        ))}
      </div>
      <TextAreaField
        id="field-description"
        name="description"
        label={t('property.description')}
        rows={3}
        maxLength={DESCRIPTION_MAX}
        value={draft.description}
        // Written text keeps its own direction: an English description in the Arabic interface
        // ends with its full stop on the right. Empty, it follows the interface.
        dir={draft.description ? 'auto' : undefined}
        onChange={(event) => set('description')(event.target.value)}
        error={errors.description}
        disabled={disabled}
        hint={
          <p data-testid="description-counter" className="text-end text-xs text-slate-500" dir="ltr">
            {format.number(draft.description.length)}/{format.number(DESCRIPTION_MAX)}
          </p>
        }
      />
    </div>
  )
}
