import { ALL } from '../../domain/timeline.ts'

type Props = {
  label: string
  /** The first option: no filter. */
  allLabel: string
  options: readonly { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
  testId: string
  /** A select is as wide as its longest option: a fixed width keeps a long name from pushing a
   * phone's page sideways. */
  widthClass: string
}

/** The calendar's filters (a property, a platform), or everything. */
export function FilterSelect({ label, allLabel, options, value, onChange, testId, widthClass }: Props) {
  return (
    <label className="flex max-w-full min-w-0 items-center gap-2 text-sm font-medium text-slate-700">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        className={`h-10 ${widthClass} max-w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none`}
      >
        <option value={ALL}>{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} dir="auto">
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}
