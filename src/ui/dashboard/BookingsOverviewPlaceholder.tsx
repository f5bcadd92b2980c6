import { LoadingPlaceholder } from '../common/LoadingPlaceholder.tsx'

const CARD = 'animate-pulse rounded-2xl border border-slate-200 bg-white shadow-sm'

/**
 * The dashboard's month calendar and stay lists while their code loads, laid out as
 * they are: the calendar as tall as a month of five weeks, the lists as tall as StayListCard.
 */
export function BookingsOverviewPlaceholder() {
  return (
    <LoadingPlaceholder>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-[372px_minmax(0,1fr)_minmax(0,1fr)]">
        <div className={`h-[366px] md:col-span-2 xl:col-span-1 ${CARD}`} />
        <div className={`h-[341px] ${CARD}`} />
        <div className={`h-[341px] ${CARD}`} />
      </div>
    </LoadingPlaceholder>
  )
}
