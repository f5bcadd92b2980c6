import { useId, useState } from 'react'
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import type { DateRange } from '../../actors/api.ts'
import { addMonths, localToday, monthGrid, type DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { intlLocale, useFormat } from '../format.ts'
import { weekdayColumns } from '../calendar/calendarDays.ts'
import { MonthNavigator } from '../calendar/MonthNavigator.tsx'
import { FieldError } from '../form.tsx'
import { CalendarIcon } from '../icons.tsx'

type DatePickerProps = {
  label: string
  value: DateOnly
  onChange: (date: DateOnly) => void
  min?: DateOnly
  max?: DateOnly
  testId?: string
  /** Why the picked date was refused, under the field and tied to it (issue 18). */
  error?: string
}

/** A date field that opens a month grid: the value shows as day/month/year (en-GB). */
export function DatePicker({ label, value, onChange, min, max, testId, error }: DatePickerProps) {
  const { language } = useI18n()
  const format = useFormat()
  const [month, setMonth] = useState(value.slice(0, 7))
  const errorId = `${useId()}-error`
  const today = localToday()
  const outOfRange = (day: DateOnly) => (min !== undefined && day < min) || (max !== undefined && day > max)

  return (
    <Popover className="flex flex-col gap-1.5" data-testid={testId}>
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <PopoverButton
        onClick={() => setMonth(value.slice(0, 7))}
        aria-label={`${label}: ${format.numericDate(value)}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`flex h-11 min-w-44 items-center justify-between gap-3 rounded-xl border bg-white px-3.5 text-sm text-slate-900 focus:ring-2 focus:outline-none ${
          error
            ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
            : 'border-slate-300 hover:border-slate-400 focus:border-brand-600 focus:ring-brand-100'
        }`}
      >
        <span className="tabular-nums">{format.numericDate(value)}</span>
        <CalendarIcon width={18} height={18} className="text-slate-500" />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom start', gap: 6 }}
        data-testid={testId && `${testId}-panel`}
        className="z-50 w-72 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl focus:outline-none"
      >
        {({ close }) => (
          <>
            <div className="mb-2">
              <MonthNavigator
                month={month}
                titleClassName="text-sm"
                onPrevious={() => setMonth((current) => addMonths(current, -1))}
                onNext={() => setMonth((current) => addMonths(current, 1))}
              />
            </div>
            <div
              role="grid"
              aria-label={format.monthYear(month)}
              className="grid grid-cols-7 gap-0.5 text-center"
            >
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
              {monthGrid(month).map((day, index) =>
                day === null ? (
                  <span key={`blank-${index}`} />
                ) : (
                  <button
                    key={day}
                    type="button"
                    role="gridcell"
                    disabled={outOfRange(day)}
                    aria-selected={day === value}
                    aria-label={format.date(day)}
                    onClick={() => {
                      onChange(day)
                      close()
                    }}
                    className={`h-9 rounded-lg text-sm tabular-nums transition-colors disabled:cursor-not-allowed disabled:text-slate-300 ${
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
          </>
        )}
      </PopoverPanel>
      <FieldError id={errorId} message={error} />
    </Popover>
  )
}

/** SPEC 2, Statistics tab: a start and an end picker; the end never precedes the start. */
export function DateRangePicker({
  range,
  onChange,
}: {
  range: DateRange
  onChange: (range: DateRange) => void
}) {
  const { t } = useI18n()
  return (
    <div className="flex flex-wrap items-end gap-3">
      <DatePicker
        label={t('statistics.startDate')}
        value={range.start}
        max={range.end}
        onChange={(start) => onChange({ ...range, start })}
        testId="start-date"
      />
      <DatePicker
        label={t('statistics.endDate')}
        value={range.end}
        min={range.start}
        onChange={(end) => onChange({ ...range, end })}
        testId="end-date"
      />
    </div>
  )
}
