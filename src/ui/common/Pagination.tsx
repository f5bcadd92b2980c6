import type { ReactNode } from 'react'
import { useI18n } from '../../i18n.tsx'
import { ChevronEndIcon, ChevronStartIcon } from './icons.tsx'

/** Which page a list shows, how to move, and whether the page shown is the one before, still. */
export type PagingControls = {
  page: number
  pageSize: number
  onPageChange: (page: number) => void
  stale: boolean
}

type Props = Omit<PagingControls, 'stale'> & {
  /** What the navigation is called for a screen reader ("Property pages"). */
  label: string
  /** Every row the list holds (the search's matches), not only this page's. */
  total: number
}

const BUTTON =
  'inline-flex h-10 items-center gap-1.5 rounded-xl border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-white'

/**
 * A long list's pages: Previous and Next, with which rows of how many are shown and "Page 2 of
 * 7" between them; the arrows follow the reading direction. A button at the end of the list is
 * `aria-disabled`, not `disabled`, so the keyboard's focus stays on it instead of falling to the
 * page; the polite live region says where the list is after each move.
 */
export function Pagination({ label, page, pageSize, total, onPageChange }: Props) {
  const { t } = useI18n()
  const pages = Math.max(Math.ceil(total / pageSize), 1)
  const from = Math.min((page - 1) * pageSize + 1, total)
  const to = Math.min(page * pageSize, total)
  // A list that fits on one page keeps its count (read out as a search narrows it), not the
  // buttons and the page number that would lead nowhere.
  const paged = pages > 1
  const step = (next: number) => {
    if (next >= 1 && next <= pages && next !== page) onPageChange(next)
  }
  return (
    <nav
      aria-label={label}
      className={`flex flex-wrap items-center gap-3 ${paged ? 'justify-between' : 'justify-center'}`}
      data-testid="pagination"
    >
      {paged && (
        <button type="button" className={BUTTON} aria-disabled={page <= 1} onClick={() => step(page - 1)}>
          <ChevronStartIcon width={16} height={16} />
          {t('paging.previous')}
        </button>
      )}
      <p className="flex flex-col items-center text-sm text-slate-600" aria-live="polite" aria-atomic="true">
        <span data-testid="pagination-range">{t('paging.range', { from, to, total })}</span>
        {paged && <span className="text-xs text-slate-500">{t('paging.pageOf', { page, pages })}</span>}
      </p>
      {paged && (
        <button type="button" className={BUTTON} aria-disabled={page >= pages} onClick={() => step(page + 1)}>
          {t('paging.next')}
          <ChevronEndIcon width={16} height={16} />
        </button>
      )}
    </nav>
  )
}

/**
 * A page of a list (`children`: its table, cards or grid) with the pages' navigation under it,
 * dimmed while the asked-for page loads; no navigation for an empty list.
 */
export function PagedList({
  label,
  total,
  paging: { stale, ...paging },
  children,
}: {
  label: string
  total: number
  paging: PagingControls
  children: ReactNode
}) {
  return (
    <div className={`flex flex-col gap-5 ${stale ? 'opacity-60' : ''}`}>
      {children}
      {total > 0 && <Pagination label={label} total={total} {...paging} />}
    </div>
  )
}
