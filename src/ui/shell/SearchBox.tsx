import { useI18n } from '../../i18n.tsx'
import { SearchIcon } from '../appIcons.tsx'

type SearchBoxProps = {
  value: string
  onChange: (value: string) => void
  /** The header's box by default; the properties page has its own on a phone. */
  testId?: string
}

export function SearchBox({ value, onChange, testId = 'global-search' }: SearchBoxProps) {
  const { t } = useI18n()
  return (
    <label className="relative block w-full max-w-md">
      <span className="sr-only">{t('header.search')}</span>
      <SearchIcon
        className="pointer-events-none absolute inset-y-0 start-3 my-auto text-slate-400"
        width={18}
        height={18}
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('header.search')}
        data-testid={testId}
        className="h-10 w-full rounded-xl border border-slate-200 bg-slate-50 ps-10 pe-3 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
    </label>
  )
}
