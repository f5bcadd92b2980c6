import { useQuery } from '@tanstack/react-query'
import {
  propertiesToday,
  turnoverPropertiesQuery,
  turnoversQuery,
  useTurnoverChoice,
} from '../../features/turnovers/turnovers.ts'
import { turnoverRange } from '../../domain/turnoverWindow.ts'
import { NeedsWords, useI18n } from '../../i18n.tsx'
import { Spinner } from '../../ui/common/Spinner.tsx'
import { PageHeader } from '../../ui/common/PageHeader.tsx'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { useFormat } from '../../ui/common/format.ts'
import { TurnoverControls } from '../../ui/turnovers/TurnoverControls.tsx'
import { TurnoverList } from '../../ui/turnovers/TurnoverList.tsx'
import { CleanerLinksSection } from './CleanerLinksSection.tsx'

// The window's days are each property's own: the properties come first, with the code.
export { prefetchTurnoverProperties as prefetchData } from '../../features/turnovers/turnovers.ts'

/**
 * The cleanings due today, tomorrow or in the coming days, for every property or one
 * (docs/product.md §2.24); printed, it is the day sheet.
 */
export default function TurnoversRoute() {
  const { t } = useI18n()
  return (
    <NeedsWords part="turnovers" fallback={<Spinner label={t('app.loading')} className="py-6" />}>
      <Turnovers />
    </NeedsWords>
  )
}

function Turnovers() {
  const { t } = useI18n()
  const format = useFormat()
  const choice = useTurnoverChoice()
  const properties = useQuery(turnoverPropertiesQuery)
  const list = properties.data ?? []
  // A cleaner opens no calendar; cleaner's links are the owner's (docs/product.md §6).
  const onCalendar = new Set(list.filter((each) => each.access !== 'cleaner').map((each) => each.id))
  const own = list.filter((each) => each.access === 'owner')
  // A property that is gone (or another host's, in an old link) is every property.
  const propertyId = list.some((property) => property.id === choice.propertyId) ? choice.propertyId : null
  const range = turnoverRange(choice.window, propertiesToday(list, propertyId))
  const turnovers = useQuery({ ...turnoversQuery(range, propertyId), enabled: properties.isSuccess })
  return (
    <>
      <PageHeader
        title={t('turnovers.title')}
        subtitle={
          <>
            {t('turnovers.subtitle')}
            <span className="block font-medium text-slate-700" data-testid="turnover-range">
              {range.start === range.end
                ? format.fullDate(range.start)
                : format.dateRange(range.start, range.end)}
            </span>
          </>
        }
      />
      <TurnoverControls
        window={choice.window}
        onWindowChange={choice.chooseWindow}
        properties={list}
        propertyId={propertyId}
        onPropertyChange={choice.chooseProperty}
        onPrint={() => window.print()}
      />
      <QueryStatus query={properties}>
        {() => (
          <QueryStatus query={turnovers}>
            {(items) => <TurnoverList turnovers={items} onCalendar={onCalendar} />}
          </QueryStatus>
        )}
      </QueryStatus>
      {own.length > 0 && <CleanerLinksSection properties={own} />}
    </>
  )
}
