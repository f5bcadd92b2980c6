import { useQuery } from '@tanstack/react-query'
import { useProperties } from '../../features/properties/propertyList.ts'
import { propertiesToday, turnoversQuery } from '../../features/turnovers/turnovers.ts'
import { turnoverRange } from '../../domain/turnoverWindow.ts'
import { NeedsWords } from '../../i18n.tsx'
import { TurnoversTodayLine } from '../../ui/dashboard/TurnoversTodayLine.tsx'

/**
 * Today's cleanings on the dashboard; nothing until they are known, and nothing on a failure. Its
 * words are the Turnovers screen's, loaded with it after the first paint.
 */
export default function TurnoversToday() {
  const properties = useProperties()
  const range = turnoverRange('today', propertiesToday(properties.data ?? [], null))
  const turnovers = useQuery({ ...turnoversQuery(range, null), enabled: properties.isSuccess })
  if (!turnovers.data) return null
  const sameDay = turnovers.data.filter((turnover) => turnover.sameDay).length
  return (
    <NeedsWords part="turnovers">
      <TurnoversTodayLine checkOuts={turnovers.data.length} sameDay={sameDay} />
    </NeedsWords>
  )
}
