import { TURNOVER_WINDOWS, type TurnoverWindow } from '../../domain/turnoverWindow.ts'
import { ALL } from '../../domain/timeline.ts'
import { useI18n } from '../../i18n.tsx'
import { FilterSelect } from '../calendar/FilterSelect.tsx'
import { SegmentedControl } from '../calendar/SegmentedControl.tsx'
import { Button } from '../common/form.tsx'

type Props = {
  window: TurnoverWindow
  onWindowChange: (window: TurnoverWindow) => void
  properties: readonly { id: string; name: string }[]
  /** null: every property. */
  propertyId: string | null
  onPropertyChange: (propertyId: string | null) => void
  onPrint: () => void
}

/** Which days and which property, and the sheet to print; none of it is printed. */
export function TurnoverControls({
  window,
  onWindowChange,
  properties,
  propertyId,
  onPropertyChange,
  onPrint,
}: Props) {
  const { t } = useI18n()
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
      <SegmentedControl
        label={t('turnovers.window')}
        options={TURNOVER_WINDOWS.map((value) => ({ value, label: t(`turnovers.windows.${value}`) }))}
        value={window}
        onChange={onWindowChange}
        testId="turnover-window"
        gridOnPhone
      />
      <FilterSelect
        label={t('calendar.propertyFilter')}
        allLabel={t('calendar.allProperties')}
        options={properties.map((property) => ({ value: property.id, label: property.name }))}
        value={propertyId ?? ALL}
        onChange={(value) => onPropertyChange(value === ALL ? null : value)}
        testId="turnover-property"
        widthClass="w-56"
      />
      <Button variant="secondary" className="ms-auto" onClick={onPrint} data-testid="turnover-print">
        {t('turnovers.print')}
      </Button>
    </div>
  )
}
