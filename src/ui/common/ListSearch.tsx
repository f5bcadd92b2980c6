import { SearchIcon } from './appIcons.tsx'

type Props = {
  value: string
  onChange: (value: string) => void
  /** The field's name for a screen reader ("Search guests"). */
  label: string
  placeholder: string
  testId: string
}

/** A long list's own search field: the server searches every row, not only the page shown. */
export function ListSearch({ value, onChange, label, placeholder, testId }: Props) {
  return (
    <label className="relative block w-full sm:w-72">
      <span className="sr-only">{label}</span>
      <SearchIcon
        className="pointer-events-none absolute inset-y-0 start-3 my-auto text-slate-400"
        width={18}
        height={18}
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        data-testid={testId}
        className="h-10 w-full rounded-xl border border-slate-300 bg-white ps-10 pe-3 text-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
    </label>
  )
}
