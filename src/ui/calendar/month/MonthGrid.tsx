import type { ReactElement } from 'react'
import type { DateOnly } from '../../../domain/dates.ts'
import { useI18n } from '../../../i18n.tsx'
import { intlLocale } from '../../../domain/translator.ts'
import { useFormat } from '../../common/format.ts'
import { calendarDays, weekdayColumns, weeksOf } from './calendarDays.ts'

type Props = {
  month: string
  className: string
  headerClassName: string
  /** A small grid: weekday names as short as the language allows. */
  narrow?: boolean
  /** One keyed `role="gridcell"` element for the day. */
  renderDay: (day: DateOnly) => ReactElement
}

/** A Sunday-first month as an ARIA grid: weekday headers, then one row a week. */
export function MonthGrid({ month, className, headerClassName, narrow = false, renderDay }: Props) {
  const { language } = useI18n()
  const format = useFormat()
  return (
    <div role="grid" aria-label={format.monthYear(month)} className={className}>
      {/* Rows that leave the layout to the grid: a grid's cells belong to rows (ARIA). */}
      <div role="row" className="contents">
        {weekdayColumns(intlLocale(language), narrow).map(({ label, name }) => (
          <span key={name} role="columnheader" aria-label={name} title={name} className={headerClassName}>
            {label}
          </span>
        ))}
      </div>
      {weeksOf(calendarDays(month)).map((week) => (
        <div key={week[0]} role="row" className="contents">
          {week.map(renderDay)}
        </div>
      ))}
    </div>
  )
}

/** A day's number in a month grid: filled for today, faded outside the month. */
export function DayNumber({
  day,
  today,
  month,
  className,
}: {
  day: DateOnly
  today: DateOnly
  month: string
  className: string
}) {
  const format = useFormat()
  const tone =
    day === today
      ? 'bg-brand-700 font-semibold text-white'
      : day.startsWith(month)
        ? 'text-slate-700'
        : 'text-slate-500'
  return (
    <span
      aria-hidden="true"
      className={`flex items-center justify-center rounded-full text-sm tabular-nums ${className} ${tone}`}
    >
      {format.number(Number(day.slice(8)))}
    </span>
  )
}
