import type { CSSProperties } from 'react'
import type { Stay } from '../../domain/bookings.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../common/format.ts'
import { SteppedList } from '../common/SteppedList.tsx'
import { platformLabel } from '../property/PlatformLinks.tsx'
import { FOCUS_RING } from './stayBars.tsx'

/**
 * Nights a platform has not imported as taken yet (docs/product.md): one run of one platform of
 * one property; `uid` orders ties on the timeline's lanes.
 */
export type AtRiskMark = Stay & {
  propertyId: string
  propertyName: string
  platformName: string
  acknowledged: boolean
  uid: string
}

/** Which platform's nights of which property a mark opens. */
export type MarkTarget = Pick<AtRiskMark, 'propertyId' | 'platformName'>

/** A lane of marks under a day's or a row's stays: an 18 px stripe and a 4 px gap. */
export const MARK_LANE_PX = 22

/**
 * The mark on a platform's nights at risk: an amber stripe that says so in words ("Not yet on
 * Booking.com"), or, once the host closed them by hand, a paler one that says it waits for the
 * platform's import. It opens what to do about them.
 */
export function AtRiskMarkButton({
  mark,
  style,
  className = '',
  tabbable = true,
  onOpen,
}: {
  mark: AtRiskMark
  style?: CSSProperties
  className?: string
  tabbable?: boolean
  onOpen: (target: MarkTarget) => void
}) {
  const { t } = useI18n()
  const format = useFormat()
  const platform = platformLabel(t, mark.platformName)
  const text = t(mark.acknowledged ? 'atRisk.markClosed' : 'atRisk.mark', { platform })
  const label = t('atRisk.markLabel', {
    mark: text,
    dates: format.dateRange(mark.start, mark.end),
    property: mark.propertyName,
  })
  return (
    <button
      type="button"
      data-testid="at-risk-mark"
      data-platform={mark.platformName}
      data-property={mark.propertyId}
      data-acknowledged={mark.acknowledged}
      aria-label={label}
      title={label}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onOpen({ propertyId: mark.propertyId, platformName: mark.platformName })}
      className={`flex h-[18px] min-w-0 items-center rounded px-1 text-[11px] leading-tight font-semibold whitespace-nowrap ${
        mark.acknowledged
          ? 'border border-dashed border-amber-400 bg-white text-slate-600'
          : 'bg-amber-100 text-amber-900 ring-1 ring-amber-400 ring-inset'
      } hover:brightness-95 ${FOCUS_RING} ${className}`}
      style={style}
    >
      <span className="min-w-0 truncate">{text}</span>
    </button>
  )
}

/** Marks the phone's list shows at first, and adds at each press of "+ N more". */
export const MARKS_PER_STEP = 10

/**
 * The marks of a month as a list under it, for the phone's small month, whose days have no room
 * for a stripe's words, or of a day the big grid has no more lanes for. A portfolio's hundreds of
 * links not yet imported are listed a step at a time.
 */
export function AtRiskMarkList({
  marks,
  onOpen,
  className = 'mt-3 border-t border-slate-100 pt-3',
}: {
  marks: readonly AtRiskMark[]
  onOpen: (target: MarkTarget) => void
  /** Set apart from the month above it, unless it stands alone (a dialog's). */
  className?: string
}) {
  const { t } = useI18n()
  const format = useFormat()
  if (marks.length === 0) return null
  return (
    <SteppedList
      items={marks}
      step={MARKS_PER_STEP}
      className={className}
      listClassName="flex flex-col gap-1.5"
      listTestId="at-risk-marks"
      moreTestId="more-at-risk-marks"
      render={(mark) => (
        <li key={mark.uid} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
          <AtRiskMarkButton mark={mark} onOpen={onOpen} className="h-6 max-w-full" />
          <span className="min-w-0 text-slate-600">
            {format.dateRange(mark.start, mark.end)}
            {t('app.separator')}
            <bdi>{mark.propertyName}</bdi>
          </span>
        </li>
      )}
    />
  )
}
