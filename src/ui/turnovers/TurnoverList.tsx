import { Link } from 'wouter'
import type { Turnover } from '../../../contract/turnover.ts'
import { stayLink } from '../../domain/stayLink.ts'
import { useI18n } from '../../i18n.tsx'
import { Badge } from '../common/Badge.tsx'
import { EmptyState } from '../common/EmptyState.tsx'
import { SparkleIcon } from '../common/appIcons.tsx'
import { useFormat } from '../common/format.ts'

/** The cleanings of one day, in the order the server gave them (by property). */
type Day = { date: string; turnovers: Turnover[] }

function byDay(turnovers: readonly Turnover[]): Day[] {
  const days: Day[] = []
  for (const turnover of turnovers) {
    const last = days.at(-1)
    if (last?.date === turnover.date) last.turnovers.push(turnover)
    else days.push({ date: turnover.date, turnovers: [turnover] })
  }
  return days
}

/** What stands between this guest and the next: a warning, a plain count of free nights, or no one. */
function Gap({ turnover }: { turnover: Turnover }) {
  const { t } = useI18n()
  if (turnover.sameDay)
    return (
      <span data-testid="same-day">
        <Badge tone="amber">
          <span aria-hidden="true" className="me-1 font-bold">
            !
          </span>
          {t('turnovers.sameDay')}
        </Badge>
      </span>
    )
  if (turnover.nextCheckIn === null)
    return (
      <span data-testid="no-next">
        <Badge tone="slate">{t('turnovers.noNext')}</Badge>
      </span>
    )
  return (
    <span className="text-sm text-slate-700">{t('turnovers.free', { count: turnover.gapNights ?? 0 })}</span>
  )
}

function NextCheckIn({ turnover }: { turnover: Turnover }) {
  const { t } = useI18n()
  const format = useFormat()
  const next = turnover.nextCheckIn
  if (!next) return <span className="text-slate-500">-</span>
  return <>{t('turnovers.nextAt', { date: format.date(next.date), time: format.clockTime(next.time) })}</>
}

/** The property ids whose calendar the reader opens: those they own or co-host, not those they only clean. */
type OnCalendar = { onCalendar: ReadonlySet<string> }

/**
 * The property's name, opening the stay that leaves on the calendar where the reader has one,
 * and where it is: what a cleaner needs to find the place.
 */
function StayName({ turnover, onCalendar }: { turnover: Turnover } & OnCalendar) {
  const name = <bdi>{turnover.propertyName}</bdi>
  return (
    <>
      {onCalendar.has(turnover.propertyId) ? (
        <Link
          href={stayLink([turnover.stayId])}
          className="font-medium text-brand-700 underline-offset-2 hover:underline print:text-slate-900 print:no-underline"
        >
          {name}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{name}</span>
      )}
      {turnover.propertyAddress && (
        <span className="block text-xs text-slate-600 wrap-anywhere" data-testid="turnover-address">
          <bdi>{turnover.propertyAddress}</bdi>
        </span>
      )}
    </>
  )
}

// Fixed widths, so that the tables of every day line up under one another.
const COLUMNS = [
  ['property', 'w-1/4'],
  ['checkOut', 'w-1/8'],
  ['stay', 'w-1/8'],
  ['nextCheckIn', 'w-1/4'],
  ['gap', 'w-1/4'],
] as const

/** On a wide screen and on paper: one row a cleaning. */
function DayTable({ day, onCalendar }: { day: Day } & OnCalendar) {
  const { t } = useI18n()
  const format = useFormat()
  const cell = 'px-4 py-3 align-middle print:px-2 print:py-1.5'
  return (
    <div className="hidden overflow-hidden rounded-2xl border border-slate-200 bg-white md:block print:block print:rounded-none print:border-slate-400">
      <table className="w-full table-fixed text-start text-sm">
        <thead className="bg-slate-50 text-xs font-semibold text-slate-600 print:bg-white">
          <tr>
            {COLUMNS.map(([key, width]) => (
              <th key={key} scope="col" className={`${cell} ${width} text-start`}>
                {t(`turnovers.columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {day.turnovers.map((turnover) => (
            <tr
              key={turnover.stayId}
              data-testid="turnover-row"
              className={turnover.sameDay ? 'bg-amber-50/60' : ''}
            >
              <td className={cell}>
                <StayName turnover={turnover} onCalendar={onCalendar} />
              </td>
              <td className={`${cell} tabular-nums`}>{format.clockTime(turnover.checkOutTime)}</td>
              <td className={cell}>{t('manualStay.nights', { count: turnover.nights })}</td>
              <td className={cell}>
                <NextCheckIn turnover={turnover} />
              </td>
              <td className={cell}>
                <Gap turnover={turnover} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** On a phone: one card a cleaning. */
function DayCards({ day, onCalendar }: { day: Day } & OnCalendar) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <ul className="space-y-3 md:hidden print:hidden">
      {day.turnovers.map((turnover) => (
        <li
          key={turnover.stayId}
          data-testid="turnover-card"
          className={`rounded-2xl border bg-white p-4 ${turnover.sameDay ? 'border-amber-300' : 'border-slate-200'}`}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0 wrap-anywhere">
              <StayName turnover={turnover} onCalendar={onCalendar} />
            </div>
            <Gap turnover={turnover} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500">{t('turnovers.columns.checkOut')}</dt>
              <dd className="tabular-nums">{format.clockTime(turnover.checkOutTime)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t('turnovers.columns.stay')}</dt>
              <dd>{t('manualStay.nights', { count: turnover.nights })}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-500">{t('turnovers.columns.nextCheckIn')}</dt>
              <dd>
                <NextCheckIn turnover={turnover} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  )
}

/** The cleanings of a window, under a heading for each day (docs/product.md §2.24). */
export function TurnoverList({ turnovers, onCalendar }: { turnovers: readonly Turnover[] } & OnCalendar) {
  const { t } = useI18n()
  const format = useFormat()
  if (turnovers.length === 0)
    return (
      <EmptyState
        testId="turnovers-empty"
        text={t('turnovers.empty')}
        icon={<SparkleIcon width={32} height={32} />}
      />
    )
  return (
    <div className="space-y-6 print:space-y-4">
      {byDay(turnovers).map((day) => (
        <section key={day.date} aria-labelledby={`turnovers-${day.date}`} data-testid="turnover-day">
          <h2
            id={`turnovers-${day.date}`}
            className="mb-3 flex flex-wrap items-baseline gap-x-3 text-base font-semibold text-slate-900 print:mb-1"
          >
            {format.fullDate(day.date)}
            <span className="text-sm font-normal text-slate-500">
              {t('turnovers.cleanings', { count: day.turnovers.length })}
            </span>
          </h2>
          <DayTable day={day} onCalendar={onCalendar} />
          <DayCards day={day} onCalendar={onCalendar} />
        </section>
      ))}
    </div>
  )
}
