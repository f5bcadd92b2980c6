import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { localToday, monthGrid, type DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { intlLocale } from '../../domain/translator.ts'
import { useFormat } from '../common/format.ts'
import { weekdayColumns, weeksOf } from '../calendar/month/calendarDays.ts'
import { dayForKey, openingDay, sameDayMonthsOn } from '../calendar/month/dayFocus.ts'
import { MonthNavigator } from '../calendar/month/MonthNavigator.tsx'
import { useHandover, type ButtonFace, type Handover } from '../common/lazyParts.tsx'

export type DatePickerPopoverProps = {
  /** The field's button, as `DatePicker` painted it before this code arrived. */
  face: ButtonFace
  /** The field's name, which names the dialog too. */
  label: string
  value: DateOnly
  onChange: (date: DateOnly) => void
  min?: DateOnly
  max?: DateOnly
  panelTestId?: string
  handover: Handover
}

type MonthOfDaysProps = Pick<DatePickerPopoverProps, 'value' | 'min' | 'max'> & {
  onPick: (date: DateOnly) => void
}

/**
 * The picker's month, the APG date picker's dialog: it opens with the focus on the chosen day (or
 * today, or the first day allowed); the arrows, Home, End and Page Up and Down move it (Left and
 * Right mirrored in Arabic), into the next or previous month as needed; Enter or Space picks the
 * day. The days are one Tab stop, and Tab goes round the dialog's controls. A day out of range is
 * said to be unavailable, and reached, but not picked.
 */
function MonthOfDays({ value, min, max, onPick }: MonthOfDaysProps) {
  const { language, dir } = useI18n()
  const format = useFormat()
  const today = localToday()
  const allowed = (day: DateOnly) => (min === undefined || day >= min) && (max === undefined || day <= max)
  const [active, setActive] = useState(() => openingDay(value, today, { min, max }))
  const month = active.slice(0, 7)
  const dialog = useRef<HTMLDivElement>(null)
  // The focus goes to the active day on opening and when a key moves it, not when the month's
  // arrows turn the page (the focus stays on the arrow).
  const focusActive = useRef(true)
  useLayoutEffect(() => {
    if (!focusActive.current) return
    focusActive.current = false
    // The panel may not be placed yet on opening: the focus must not scroll the page to it.
    dialog.current?.querySelector<HTMLElement>(`[data-day="${active}"]`)?.focus({ preventScroll: true })
  }, [active])

  const onGridKeyDown = (event: KeyboardEvent) => {
    const next = dayForKey(active, event, dir)
    if (next === null) return
    event.preventDefault()
    focusActive.current = true
    setActive(next)
  }
  // Tab and Shift+Tab go round the month's arrows and the active day, as in a modal dialog.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return
    const stops = [...(dialog.current?.querySelectorAll<HTMLElement>('button:not([tabindex="-1"])') ?? [])]
    const [first, last] = [stops[0], stops.at(-1)]
    const wrapTo = event.shiftKey
      ? document.activeElement === first && last
      : document.activeElement === last && first
    if (!wrapTo) return
    event.preventDefault()
    wrapTo.focus()
  }

  return (
    <div ref={dialog} onKeyDown={onKeyDown}>
      <div className="mb-2">
        <MonthNavigator
          month={month}
          titleClassName="text-sm"
          onPrevious={() => setActive((current) => sameDayMonthsOn(current, -1))}
          onNext={() => setActive((current) => sameDayMonthsOn(current, 1))}
        />
      </div>
      <div
        role="grid"
        aria-label={format.monthYear(month)}
        onKeyDown={onGridKeyDown}
        className="grid grid-cols-7 gap-0.5 text-center"
      >
        {/* Rows that leave the layout to the grid: a grid's cells belong to rows (ARIA). */}
        <div role="row" className="contents">
          {weekdayColumns(intlLocale(language), true).map(({ label, name }) => (
            <span
              key={name}
              role="columnheader"
              aria-label={name}
              title={name}
              className="truncate py-1 text-xs font-medium text-slate-500"
            >
              {label}
            </span>
          ))}
        </div>
        {weeksOf(monthGrid(month)).map((week, row) => (
          <div key={row} role="row" className="contents">
            {week.map((day, column) =>
              day === null ? (
                <span key={`blank-${column}`} />
              ) : (
                <button
                  key={day}
                  type="button"
                  role="gridcell"
                  data-day={day}
                  tabIndex={day === active ? 0 : -1}
                  aria-disabled={allowed(day) ? undefined : true}
                  aria-selected={day === value}
                  aria-current={day === today ? 'date' : undefined}
                  aria-label={format.fullDate(day)}
                  onFocus={() => setActive(day)}
                  onClick={() => allowed(day) && onPick(day)}
                  className={`h-9 rounded-lg text-sm tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 aria-disabled:cursor-not-allowed aria-disabled:text-slate-300 ${
                    day === value
                      ? 'bg-brand-700 font-semibold text-white'
                      : day === today
                        ? 'font-semibold text-brand-700 ring-1 ring-brand-600 ring-inset hover:bg-brand-50'
                        : 'text-slate-700 hover:bg-slate-100'
                  }`}
                >
                  {format.number(Number(day.slice(8)))}
                </button>
              ),
            )}
          </div>
        ))}
      </div>
    </div>
  )
}

/**
 * The date field's button and the month it opens, a chunk of its own. Escape, or a click outside,
 * closes the month and gives the focus back to the button.
 */
export function DatePickerPopover({
  face,
  label,
  value,
  onChange,
  min,
  max,
  panelTestId,
  handover,
}: DatePickerPopoverProps) {
  const button = useRef<HTMLButtonElement>(null)
  useHandover(handover, button)
  return (
    <Popover className="flex flex-col">
      <PopoverButton ref={button} {...face} />
      <PopoverPanel
        anchor={{ to: 'bottom start', gap: 6 }}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        data-testid={panelTestId}
        className="z-50 w-72 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl focus:outline-none"
      >
        {/* Drawn afresh at each opening, on the value the field holds then. */}
        {({ close }) => (
          <MonthOfDays
            value={value}
            min={min}
            max={max}
            onPick={(day) => {
              onChange(day)
              close()
            }}
          />
        )}
      </PopoverPanel>
    </Popover>
  )
}
