import { useI18n } from '../../i18n.tsx'

export const ALL_PROPERTIES = 'all'

type Props = {
  properties: readonly { id: string; name: string }[]
  value: string
  onChange: (propertyId: string) => void
}

/** SPEC 2: one property's bookings, or every property's. */
export function PropertyFilter({ properties, value, onChange }: Props) {
  const { t } = useI18n()
  return (
    // A select is as wide as its longest option: a fixed width keeps a long property name from
    // pushing the page past a phone's edge (issue 15).
    <label className="flex max-w-full min-w-0 items-center gap-2 text-sm font-medium text-slate-700">
      {t('calendar.propertyFilter')}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="property-filter"
        className="h-10 w-64 max-w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      >
        <option value={ALL_PROPERTIES}>{t('calendar.allProperties')}</option>
        {properties.map((property) => (
          <option key={property.id} value={property.id} dir="auto">
            {property.name || t('calendar.unknownProperty')}
          </option>
        ))}
      </select>
    </label>
  )
}
