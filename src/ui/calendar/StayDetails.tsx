import { useState, type ReactNode } from 'react'
import type { Property } from '../../../contract/property.ts'
import type { Booking, Stay } from '../../domain/bookings.ts'
import { isClosureSale } from '../../domain/stayWords.ts'
import { addDays } from '../../domain/dates.ts'
import { ownRunsOf } from '../../domain/echoNights.ts'
import type { FeedWarning } from '../../domain/feedWarnings.ts'
import { parseStayDescription } from '../../domain/stayDescription.ts'
import { conflictingStays, conflictWording, stayAmounts } from '../../domain/stayDetails.ts'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../common/form.tsx'
import { useFormat } from '../common/format.ts'
import { PencilIcon, TrashIcon } from '../common/appIcons.tsx'
import { syncErrorText } from '../property/SyncStatus.tsx'
import { useRelativeTime } from './month/relativeTime.ts'
import { richText } from '../common/UserText.tsx'
import { ColorSwatch, ConflictBadge, EchoBadge, PlatformBadge, StatusBadge } from './month/badges.tsx'
import { bookingLabels } from './month/bookingLabels.ts'
import { bookingKey } from './month/calendarDays.ts'
import { StayLine } from './StayLine.tsx'

type Props = {
  booking: Booking
  /** The stays the conflicting ones are found among (all of the property's, at best). */
  bookings: readonly Booking[]
  /** Where the stay's linked calendar, and when it last synced, are found. */
  properties: readonly Property[]
  /** Edit or delete a manual stay; without them its details show no buttons. */
  onEdit?: (booking: Booking) => void
  onDelete?: (booking: Booking) => void
  /** Whether to show more than the main fields: a list of several stays folds the rest away. */
  full?: boolean
  /** The control that folds and unfolds the rest, placed above the stay's buttons. */
  toggle?: ReactNode
}

/** Edit and Delete under a stay the host entered by hand. */
function ManualStayActions({ booking, onEdit, onDelete }: Pick<Props, 'booking' | 'onEdit' | 'onDelete'>) {
  const { t } = useI18n()
  if (!booking.manual || booking.stayId === null || (!onEdit && !onDelete)) return null
  return (
    <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
      {onEdit && (
        <Button type="button" variant="secondary" className="h-9 px-3" onClick={() => onEdit(booking)}>
          <PencilIcon width={16} height={16} />
          {t('manualStay.edit')}
        </Button>
      )}
      {onDelete && (
        <Button
          type="button"
          variant="secondary"
          className="h-9 px-3 text-red-700"
          onClick={() => onDelete(booking)}
        >
          <TrashIcon width={16} height={16} />
          {t('manualStay.delete')}
        </Button>
      )}
    </div>
  )
}

/** What the stay's feed said that could not be taken as written, with the feed's own days. */
function FeedWarningNote({ warning }: { warning: FeedWarning }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <p
      role="note"
      data-testid="feed-warning"
      className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200 ring-inset"
    >
      {t(`calendar.feedWarnings.${warning.kind}`, {
        start: format.date(warning.start),
        end: format.date(warning.end),
      })}
    </p>
  )
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd data-testid={testId} className="min-w-0 break-words text-slate-900">
        {children}
      </dd>
    </>
  )
}

/** The linked calendar the stay came from, and when it last synced (or why it did not). */
function SourceFeed({ booking, properties }: Pick<Props, 'booking' | 'properties'>) {
  const { t } = useI18n()
  const ago = useRelativeTime()
  // "5 minutes ago" as of when the details opened.
  const [now] = useState(Date.now)
  if (booking.manual) return <>{t('stayDetails.enteredByHand')}</>
  const property = properties.find((shown) => shown.id === booking.propertyId)
  const calendar = property?.externalCalendars.find((linked) => linked.id === booking.calendarId)
  const platform = bookingLabels(t, booking).platform
  // A property that is known without the stay's link: the host has removed that link since.
  const removed = property && booking.calendarId && !calendar
  if (!calendar)
    return <>{removed ? `${platform}${t('app.separator')}${t('stayDetails.linkRemoved')}` : platform}</>
  // The platform alone: the link's host and port (a feed's server) mean nothing to a host.
  return (
    <span className="flex flex-col gap-0.5">
      {/* In a span: a bare bdi of Latin letters would line up on its own start in Arabic. */}
      <span>
        <bdi>{calendar.platformName}</bdi>
      </span>
      <span className="text-xs text-slate-500">
        {calendar.lastSyncedAt
          ? t('syncHealth.syncedAgo', { time: ago(calendar.lastSyncedAt, now) })
          : t('calendar.neverSynced')}
      </span>
      {calendar.lastError && (
        <span className="text-xs text-red-700">{syncErrorText(t, calendar.lastError)}</span>
      )}
    </span>
  )
}

/** Nights, price and total, the reservation, the source feed, the conflicts, the feed's notes. */
function MoreFields({ booking, bookings, properties }: Pick<Props, 'booking' | 'bookings' | 'properties'>) {
  const { t } = useI18n()
  const format = useFormat()
  const amounts = stayAmounts(booking)
  const labels = bookingLabels(t, booking)
  const said = booking.manual ? null : parseStayDescription(booking.description ?? '', booking.platform)
  const others = conflictingStays(booking, bookings)
  return (
    <>
      <Field label={t('stayDetails.nights')} testId="stay-nights">
        {t('manualStay.nights', { count: amounts.nights })}
      </Field>
      {booking.kind === 'booking' && (
        <Field label={t('stayDetails.nightlyPrice')} testId="stay-price">
          {amounts.nightlyPrice === null
            ? t('stayDetails.priceNotSet')
            : `${format.sar(amounts.nightlyPrice)} ${t('property.perNight')}`}
        </Field>
      )}
      {amounts.total !== null && (
        <Field label={t('stayDetails.total')} testId="stay-total">
          <span className="font-semibold tabular-nums">{format.sar(amounts.total)}</span>
        </Field>
      )}
      {said && (said.reservationUrl || said.reservationCode) && (
        <Field label={t('stayDetails.reservation')} testId="stay-reservation">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {said.reservationUrl && (
              <a
                href={said.reservationUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {t('stayDetails.openOn', { platform: labels.platform })}
                <span aria-hidden="true"> ↗</span>
                <span className="sr-only"> {t('stayDetails.newTab')}</span>
              </a>
            )}
            {said.reservationCode && (
              <span className="text-xs text-slate-600">
                {richText(t, 'stayDetails.code', {
                  code: (
                    <bdi dir="ltr" className="font-mono">
                      {said.reservationCode}
                    </bdi>
                  ),
                })}
              </span>
            )}
          </span>
        </Field>
      )}
      {said?.phoneLast4 && (
        <Field label={t('stayDetails.phone')} testId="stay-phone">
          {richText(t, 'stayDetails.phoneLast4', {
            digits: (
              <bdi dir="ltr" className="font-mono">
                {said.phoneLast4}
              </bdi>
            ),
          })}
        </Field>
      )}
      <Field label={t('stayDetails.feed')} testId="stay-feed">
        <SourceFeed booking={booking} properties={properties} />
      </Field>
      {others.length > 0 && (
        <Field label={t('stayDetails.conflictsWith')} testId="stay-conflicts">
          <ul className="flex flex-col gap-1">
            {others.map((other) => (
              <li key={bookingKey(other)} className="text-red-800">
                <StayLine stay={other} />
              </li>
            ))}
          </ul>
        </Field>
      )}
      {said?.text && (
        <Field label={t('stayDetails.feedText')} testId="stay-feed-text">
          <span dir="auto" className="block text-start whitespace-pre-line text-slate-700">
            {said.text}
          </span>
        </Field>
      )}
    </>
  )
}

/** Runs of nights as the reader's date ranges, each from its first night to its last. */
const nightsText = (format: ReturnType<typeof useFormat>, runs: readonly Stay[]) =>
  format.list(runs.map((run) => format.dateRange(run.start, addDays(run.end, -1))))

/**
 * A stay's main fields (docs/product.md §2.14), then its nights, price and total, the reservation link and
 * code and the phone's last digits its feed gives, the feed it came from and when that synced, the
 * stays it conflicts with, and a manual stay's note and buttons.
 */
export function StayDetails({ booking, bookings, properties, onEdit, onDelete, full = true, toggle }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const labels = bookingLabels(t, booking)
  // A Booking.com sale its export writes as a closure: a reservation whose guest it does not name.
  const closureSale = isClosureSale(booking)
  return (
    <div>
      {booking.conflict && (
        <p data-testid="conflict-hint" className="mb-3 flex items-center gap-2 text-sm text-red-700">
          <ConflictBadge />
          {t(`calendar.conflictHints.${conflictWording(booking, conflictingStays(booking, bookings))}`)}
        </p>
      )}
      {booking.echo && (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-500">
          <EchoBadge />
          {t('manualStay.echoHint')}
        </p>
      )}
      {!booking.echo && booking.echoRuns && booking.echoRuns.length > 0 && (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-600" data-testid="part-echo">
          <EchoBadge />
          {t('manualStay.partEchoHint', {
            echo: nightsText(format, booking.echoRuns),
            own: nightsText(format, ownRunsOf(booking)),
            platform: booking.platform,
          })}
        </p>
      )}
      {booking.rule && (
        <p data-testid="platform-rule" className="mb-3 text-sm text-slate-500">
          {t(`calendar.platformRuleHints.${booking.rule}`, { platform: labels.platform })}
        </p>
      )}
      {booking.feedWarning && <FeedWarningNote warning={booking.feedWarning} />}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-500">{t('calendar.fields.property')}</dt>
        <dd className="min-w-0 font-semibold break-words text-slate-900">
          <bdi>{labels.property}</bdi>
        </dd>
        {/* A platform's rule has no guest: the dialog's title names it. */}
        {!booking.rule && (
          <>
            <dt className="text-slate-500">{t('calendar.fields.guest')}</dt>
            {/* The stay's colour ties it to its bar; a colour code would mean nothing to a host. */}
            <dd
              data-testid="stay-guest"
              className="flex min-w-0 items-center gap-2 break-words text-slate-900"
            >
              <ColorSwatch color={booking.color} className="size-3" />
              <bdi className="min-w-0">
                {closureSale ? t('stayWords.guestNotNamed', { platform: labels.platform }) : labels.guest}
              </bdi>
            </dd>
          </>
        )}
        <dt className="text-slate-500">{t('calendar.fields.start')}</dt>
        <dd className="text-slate-900 tabular-nums">{format.date(booking.start)}</dd>
        <dt className="text-slate-500">{t('calendar.fields.end')}</dt>
        <dd className="text-slate-900 tabular-nums">{format.date(booking.end)}</dd>
        <dt className="text-slate-500">{t('calendar.fields.status')}</dt>
        <dd>
          <StatusBadge label={closureSale ? t('calendar.reservation') : labels.status} kind={booking.kind} />
        </dd>
        <dt className="text-slate-500">{t('calendar.fields.platform')}</dt>
        <dd>
          <PlatformBadge label={labels.platform} />
        </dd>
        {booking.note && (
          <>
            <dt className="text-slate-500">{t('manualStay.noteField')}</dt>
            <dd dir="auto" className="text-start break-words whitespace-pre-line text-slate-900">
              {booking.note}
            </dd>
          </>
        )}
        {full && <MoreFields booking={booking} bookings={bookings} properties={properties} />}
      </dl>
      {toggle}
      <ManualStayActions booking={booking} onEdit={onEdit} onDelete={onDelete} />
    </div>
  )
}
