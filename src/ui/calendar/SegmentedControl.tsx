type Props<TValue extends string | number> = {
  /** The group's accessible name. */
  label: string
  options: readonly { value: TValue; label: string }[]
  value: TValue
  onChange: (value: TValue) => void
  testId?: string
  /** Two choices a row on a phone, where the row of them would be wider than the screen. */
  gridOnPhone?: boolean
}

/** A few exclusive choices side by side (the calendar's view, the timeline's length). */
export function SegmentedControl<TValue extends string | number>({
  label,
  options,
  value,
  onChange,
  testId,
  gridOnPhone = false,
}: Props<TValue>) {
  return (
    <div
      role="group"
      aria-label={label}
      data-testid={testId}
      className={`${
        gridOnPhone ? 'grid w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto' : 'inline-flex h-10'
      } shrink-0 items-center gap-1 rounded-xl bg-slate-100 p-1`}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => option.value !== value && onChange(option.value)}
          className={`flex h-8 items-center justify-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors ${
            option.value === value
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-700 hover:text-slate-900'
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
