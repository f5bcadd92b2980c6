import { useId } from 'react'
import type { DateRange } from '../../domain/dateRange.ts'
import type { DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from './format.ts'
import { FieldError } from './form.tsx'
import { CalendarIcon } from './appIcons.tsx'
import { useDeferredWidget, widgetChunk } from './lazyParts.tsx'

const chunk = widgetChunk(() =>
  import('../statistics/DatePickerPopover.tsx').then((module) => module.DatePickerPopover),
)

type DatePickerProps = {
  label: string
  value: DateOnly
  onChange: (date: DateOnly) => void
  min?: DateOnly
  max?: DateOnly
  testId?: string
  /** Why the picked date was refused, under the field and tied to it. */
  error?: string
}

/**
 * A date field that opens a month grid: the value shows as day/month/year (en-GB), or as the
 * reader's English writes it (month first in en-US). The field shows
 * at once; the popover's code comes when it is about to be opened.
 */
export function DatePicker({ label, value, onChange, min, max, testId, error }: DatePickerProps) {
  const format = useFormat()
  const errorId = `${useId()}-error`
  const { widget, standInProps } = useDeferredWidget(chunk)
  const face = {
    'aria-label': `${label}: ${format.numericDate(value)}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: `flex h-11 min-w-44 items-center justify-between gap-3 rounded-xl border bg-white px-3.5 text-sm text-slate-900 focus:ring-2 focus:outline-none ${
      error
        ? 'border-red-400 focus:border-red-500 focus:ring-red-100'
        : 'border-slate-300 hover:border-slate-400 focus:border-brand-600 focus:ring-brand-100'
    }`,
    children: (
      <>
        <span className="tabular-nums">{format.numericDate(value)}</span>
        <CalendarIcon width={18} height={18} className="text-slate-500" />
      </>
    ),
  }

  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <span className="text-sm font-medium text-slate-700">{label}</span>
      {widget ? (
        <widget.Component
          face={face}
          label={label}
          value={value}
          onChange={onChange}
          min={min}
          max={max}
          panelTestId={testId && `${testId}-panel`}
          handover={widget.handover}
        />
      ) : (
        <button type="button" aria-expanded={false} {...face} {...standInProps} />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  )
}

/** The Statistics tab's start and end pickers (docs/product.md §2.10); the end never precedes the start. */
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
