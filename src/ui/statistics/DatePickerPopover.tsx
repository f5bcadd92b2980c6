import { useRef, useState } from 'react'
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import { addMonths, localToday, monthGrid, type DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { intlLocale } from '../../domain/translator.ts'
import { useFormat } from '../frame/format.ts'
import { weekdayColumns } from '../calendar/month/calendarDays.ts'
import { MonthNavigator } from '../calendar/month/MonthNavigator.tsx'
import { useHandover, type ButtonFace, type Handover } from '../common/lazyParts.tsx'

export type DatePickerPopoverProps = {
  /** The field's button, as `DatePicker` painted it before this code arrived. */
  face: ButtonFace
  value: DateOnly
  onChange: (date: DateOnly) => void
  min?: DateOnly
  max?: DateOnly
  panelTestId?: string
  handover: Handover
}

/** The date field's button and the month grid it opens; a chunk of its own. */
export function DatePickerPopover({
  face,
  value,
  onChange,
  min,
  max,
  panelTestId,
  handover,
}: DatePickerPopoverProps) {
  const { language } = useI18n()
  const format = useFormat()
  const [month, setMonth] = useState(value.slice(0, 7))
  const button = useRef<HTMLButtonElement>(null)
  useHandover(handover, button)
  const today = localToday()
  const outOfRange = (day: DateOnly) => (min !== undefined && day < min) || (max !== undefined && day > max)

  return (
    <Popover className="flex flex-col">
      <PopoverButton ref={button} onClick={() => setMonth(value.slice(0, 7))} {...face} />
      <PopoverPanel
        anchor={{ to: 'bottom start', gap: 6 }}
        data-testid={panelTestId}
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
    </Popover>
  )
}
