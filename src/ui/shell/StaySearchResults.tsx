import type { StaySearchHit } from '../../../contract/stay.ts'
import { MANUAL_PLATFORM } from '../../domain/manualStays.ts'
import { guestLabel } from '../../domain/stayLabels.ts'
import { useI18n } from '../../i18n.tsx'
import { stayLink } from '../../domain/stayLink.ts'
import { Link } from 'wouter'
import { useFormat } from '../common/format.ts'
import { richText } from '../common/UserText.tsx'
import { Spinner } from '../common/Spinner.tsx'

/** Where a stay search is: nothing asked yet (too short), asked, answered, or refused. */
export type StaySearch =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; hits: readonly StaySearchHit[] }
  | { state: 'failed'; message: string }

type Props = {
  id: string
  text: string
  stays: Exclude<StaySearch, { state: 'idle' }>
  /** A result was opened: the results give way to its details. */
  onOpen: () => void
}

/** What the search matched besides the name: the reservation code, or the phone's last digits. */
function MatchNote({ hit }: { hit: StaySearchHit }) {
  const { t } = useI18n()
  const mono = (text: string) => (
    <bdi dir="ltr" className="font-mono">
      {text}
    </bdi>
  )
  if (hit.match === 'code' && hit.reservationCode)
    return <>{richText(t, 'stayDetails.code', { code: mono(hit.reservationCode) })}</>
  if (hit.match === 'phone' && hit.phoneLast4)
    return <>{richText(t, 'search.phoneEnding', { digits: mono(hit.phoneLast4) })}</>
  return null
}

/**
 * The stays a search found under the search box, each a link to its details on the calendar
 * (the guest, where and when, and the code or phone it matched), or why there are none.
 */
export function StaySearchResults({ id, text, stays, onOpen }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <section
      id={id}
      aria-label={t('search.staysTitle')}
      data-testid="stay-search-results"
      className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-xl bg-white py-1 text-sm shadow-xl ring-1 ring-slate-200"
    >
      <h2 className="px-3 pt-1.5 pb-1 text-xs font-semibold text-slate-500">{t('search.staysTitle')}</h2>
      <div role="status" className="px-3 text-xs text-slate-500 empty:hidden">
        {stays.state === 'searching' ? (
          <Spinner label={t('search.searching')} className="py-1.5" />
        ) : stays.state === 'failed' ? (
          <span className="text-red-700">{stays.message}</span>
        ) : stays.hits.length === 0 ? (
          <span className="block py-1.5">{t('search.noStays', { text })}</span>
        ) : (
          <span className="sr-only">{t('search.found', { count: stays.hits.length })}</span>
        )}
      </div>
      {stays.state === 'done' && stays.hits.length > 0 && (
        <ul>
          {stays.hits.map((hit) => (
            <li key={hit.id}>
              <Link
                href={stayLink([hit.id])}
                onClick={onOpen}
                data-testid="stay-search-result"
                className="block px-3 py-2 outline-offset-[-2px] hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="flex items-baseline justify-between gap-2">
                  <bdi className="min-w-0 truncate font-medium text-slate-900">{guestLabel(t, hit)}</bdi>
                  <span className="shrink-0 text-xs text-sky-800">
                    {hit.platform === MANUAL_PLATFORM ? t('calendar.manual') : hit.platform}
                  </span>
                </span>
                <span className="block text-xs text-slate-500">
                  <bdi>{hit.propertyName || t('calendar.unknownProperty')}</bdi>
                  <span aria-hidden="true">{t('app.separator')}</span>
                  <span className="whitespace-nowrap tabular-nums">
                    {t('calendar.dateRange', { start: format.date(hit.start), end: format.date(hit.end) })}
                  </span>
                </span>
                {hit.match !== 'guest' && (
                  <span className="block text-xs text-slate-600">
                    <MatchNote hit={hit} />
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
