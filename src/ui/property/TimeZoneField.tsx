import { useMemo } from 'react'
import { groupedTimeZones } from '../../domain/timeZones.ts'
import { useI18n } from '../../i18n.tsx'
import { SelectField } from '../common/SelectField.tsx'

type Props = {
  value: string
  onChange: (timeZone: string) => void
  disabled?: boolean
}

/** The regions IANA groups its zones by, as the locale files name them. */
const REGIONS = new Set([
  'UTC',
  'Africa',
  'America',
  'Antarctica',
  'Arctic',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
  'Etc',
])

const offsetLabels = new Map<string, string>()

/** "GMT+3" in the reader's language; empty where Intl cannot say. */
function offsetOf(zone: string, language: string): string {
  const key = `${language} ${zone}`
  let label = offsetLabels.get(key)
  if (label === undefined) {
    try {
      label =
        new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'shortOffset' })
          .formatToParts(new Date())
          .find((part) => part.type === 'timeZoneName')?.value ?? ''
    } catch {
      label = ''
    }
    offsetLabels.set(key, label)
  }
  return label
}

/** "America/Argentina/Salta" under America reads "Argentina/Salta"; underscores become spaces. */
const placeOf = (zone: string, region: string) =>
  (zone.startsWith(`${region}/`) ? zone.slice(region.length + 1) : zone).replaceAll('_', ' ')

/**
 * The property's time zone, a native select of every zone the browser knows, grouped
 * by region, each with its offset from GMT now. Its "today" and the check-in day of its timed
 * bookings are this zone's.
 */
export function TimeZoneField({ value, onChange, disabled }: Props) {
  const { t, language } = useI18n()
  const groups = useMemo(() => groupedTimeZones([value]), [value])
  return (
    <SelectField
      id="field-timeZone"
      label={t('property.timeZone')}
      name="timeZone"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      aria-describedby="field-timeZone-hint"
      data-testid="time-zone"
      className="w-full min-w-0"
      hint={
        <p id="field-timeZone-hint" className="text-xs text-slate-500">
          {t('property.timeZoneHint')}
        </p>
      }
    >
      {groups.map(({ region, zones }) => (
        <optgroup key={region} label={REGIONS.has(region) ? t(`property.timeZoneRegions.${region}`) : region}>
          {zones.map((zone) => {
            const offset = offsetOf(zone, language)
            const place = placeOf(zone, region)
            return (
              <option key={zone} value={zone}>
                {offset ? `${place} (${offset})` : place}
              </option>
            )
          })}
        </optgroup>
      ))}
    </SelectField>
  )
}
