import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { useI18n } from '../../i18n.tsx'
import { SearchIcon } from '../common/appIcons.tsx'
import { StaySearchResults, type StaySearch } from './StaySearchResults.tsx'

export type SearchBoxProps = {
  value: string
  onChange: (value: string) => void
  /** Enter in the box. */
  onSubmit?: () => void
  /** The header's box by default; the properties page has its own on a phone. */
  testId?: string
  /** The stays the text finds, shown under the box while it has the focus. */
  stays?: StaySearch
}

/**
 * The box typed in last, and when. Enter on another screen opens /properties, whose frame is
 * drawn anew: the new box takes the focus (and shows its results) when the old one was typed in
 * a moment ago, so typing goes on where it was.
 */
const TYPING_CARRIES_OVER_MS = 1000
let lastTyped: { testId: string; at: number } | null = null

/**
 * The search box: it filters the properties, and lists the stays the text finds under it.
 * ArrowDown goes from the box to the first stay, Escape closes the list and comes back.
 */
export function SearchBox({ value, onChange, onSubmit, testId = 'global-search', stays }: SearchBoxProps) {
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  const resultsId = useId()
  const input = useRef<HTMLInputElement>(null)
  const container = useRef<HTMLDivElement>(null)
  const showing = open && stays !== undefined && stays.state !== 'idle'
  useEffect(() => {
    if (lastTyped?.testId !== testId || Date.now() - lastTyped.at > TYPING_CARRIES_OVER_MS) return
    const box = input.current
    if (!box || document.activeElement === box) return
    box.focus()
    box.setSelectionRange(box.value.length, box.value.length)
    setOpen(true)
  }, [testId])
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && showing) {
      event.preventDefault()
      setOpen(false)
      input.current?.focus()
    } else if (event.key === 'Enter' && onSubmit && event.target === input.current) {
      event.preventDefault()
      lastTyped = { testId, at: Date.now() }
      onSubmit()
    } else if (event.key === 'ArrowDown' && showing && event.target === input.current) {
      const first = container.current?.querySelector<HTMLElement>('[data-testid="stay-search-result"]')
      if (first) {
        event.preventDefault()
        first.focus()
      }
    }
  }
  return (
    <div ref={container} className="relative w-full max-w-md" onBlur={onBlur} onKeyDown={onKeyDown}>
      <label className="relative block w-full">
        <span className="sr-only">{t('header.search')}</span>
        <SearchIcon
          className="pointer-events-none absolute inset-y-0 start-3 my-auto text-slate-400"
          width={18}
          height={18}
        />
        <input
          ref={input}
          type="search"
          value={value}
          onChange={(event) => {
            lastTyped = { testId, at: Date.now() }
            setOpen(true)
            onChange(event.target.value)
          }}
          onFocus={() => setOpen(true)}
          placeholder={t('header.search')}
          aria-controls={showing ? resultsId : undefined}
          data-testid={testId}
          className="h-10 w-full rounded-xl border border-slate-200 bg-slate-50 ps-10 pe-3 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </label>
      {showing && (
        <StaySearchResults id={resultsId} text={value.trim()} stays={stays} onOpen={() => setOpen(false)} />
      )}
    </div>
  )
}
