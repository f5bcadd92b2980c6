import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { MAX_RANGE_DAYS, sameRange } from '../../domain/dateRange.ts'
import { useI18n } from '../../i18n.tsx'
import type { dashboardRangeMachine } from '../../machines/dashboard/dashboardRange.ts'
import { DashboardRangePicker } from '../../ui/dashboard/DashboardRangePicker.tsx'
import { useFormat } from '../../ui/common/format.ts'

type Props = {
  state: SnapshotFrom<typeof dashboardRangeMachine>
  send: ActorRefFrom<typeof dashboardRangeMachine>['send']
}

/** The period's pickers as the machine says: what they hold, and a refusal at its field. */
export function DashboardRange({ state, send }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const { draft, range, defaultRange, error } = state.context
  return (
    <DashboardRangePicker
      range={draft}
      error={error && { field: error.field, message: t(error.key, { days: format.number(MAX_RANGE_DAYS) }) }}
      isThisMonth={sameRange(range, defaultRange) && !error}
      onPickStart={(date) => send({ type: 'pickStart', date })}
      onPickEnd={(date) => send({ type: 'pickEnd', date })}
      onThisMonth={() => send({ type: 'reset' })}
    />
  )
}
