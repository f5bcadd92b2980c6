import { useId, type ReactNode } from 'react'
import { Link } from 'wouter'
import { nightsBetween, type DateOnly } from '../../domain/dates.ts'
import {
  isManualPlatform,
  noticeTitle,
  platformLabel,
  stayName,
  stayPhrase,
  type AtRiskNights,
  type WordedStay,
} from '../../domain/stayWords.ts'
import type { Translate } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { PlatformBadge } from '../calendar/month/badges.tsx'
import { useFormat, type Formatters } from '../common/format.ts'
import { Icon } from '../common/icons.tsx'
import { CalendarIcon, WarningIcon } from '../common/appIcons.tsx'

export type StayDates = { start: DateOnly; end: DateOnly }

/** A stay as a notification names it: who, when, where it was sold. */
export type NoticeStayView = WordedStay

type Common = {
  id: string
  /** Where it opens: its stays' details on the calendar. */
  link: string
  platformName: string
  propertyName: string
  createdAt: string
  unread: boolean
}

/**
 * One notification as the panel says it (docs/product.md §2.20), each naming its stay: a new one
 * (`more`: the others an older notice announced with it; `restored`: a cancelled stay back), one
 * with its dates before they moved, or the stay on another platform it shares `nights` with.
 */
export type NotificationItem = Common &
  (
    | {
        kind: 'new'
        stay: NoticeStayView
        more: NoticeStayView[]
        restored: boolean
        /** Nights another platform keeps free as a turnover's preparation time, now sold. */
        overPreparation: (StayDates & { platform: string }) | null
      }
    | { kind: 'changed'; stay: NoticeStayView; previous: StayDates | null }
    | { kind: 'cancelled'; stay: NoticeStayView }
    | { kind: 'conflict'; stay: NoticeStayView; other: NoticeStayView; nights: StayDates }
    | {
        kind: 'unstable' | 'silent' | 'never-imported'
        /** A silent platform's last import. */
        lastFetchedAt: string | null
      }
    | { kind: 'at-risk'; atRisk: readonly AtRiskNights[] }
  )

/** Double bookings that need action, then one group per day the notifications arrived. */
export type NotificationGroup =
  | { heading: 'conflicts'; items: NotificationItem[] }
  | { heading: 'today' | 'yesterday' | 'day'; day: DateOnly; items: NotificationItem[] }

type ListProps = {
  groups: readonly NotificationGroup[]
  /** A notification was opened: the panel gives way to its stay. */
  onOpen?: () => void
}

/**
 * The panel's groups, each under a heading with its count, newest first within each. Each
 * notification is a link to its stays on the calendar (a conflict's two).
 */
export function NotificationList({ groups, onOpen }: ListProps) {
  return (
    <div data-testid="notification-list">
      {groups.map((group) => (
        <GroupSection
          key={group.heading === 'conflicts' ? group.heading : group.day}
          group={group}
          onOpen={onOpen}
        />
      ))}
    </div>
  )
}

function GroupSection({ group, onOpen }: { group: NotificationGroup; onOpen?: () => void }) {
  const { t } = useI18n()
  const format = useFormat()
  const headingId = useId()
  const conflicts = group.heading === 'conflicts'
  const label =
    group.heading === 'conflicts'
      ? t('notifications.groups.conflicts')
      : group.heading === 'day'
        ? format.date(group.day)
        : t(`notifications.groups.${group.heading}`)
  const count = group.items.length
  return (
    <section
      aria-labelledby={headingId}
      data-testid="notification-group"
      data-group={group.heading === 'conflicts' ? 'conflicts' : group.day}
    >
      <h3
        id={headingId}
        className={`sticky top-0 z-10 flex items-center justify-between gap-2 border-b px-4 py-1.5 text-xs font-semibold ${
          conflicts ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-100 bg-slate-50 text-slate-600'
        }`}
      >
        <span data-testid="notification-group-title">{label}</span>
        <span
          data-testid="notification-group-count"
          className={`rounded-full px-2 py-0.5 tabular-nums ${
            conflicts ? 'bg-red-600 text-white' : 'bg-white text-slate-600 ring-1 ring-slate-200 ring-inset'
          }`}
        >
          <span aria-hidden="true">{format.number(count)}</span>
          <span className="sr-only">{t('notifications.count', { count })}</span>
        </span>
      </h3>
      {conflicts && <p className="px-4 pt-2 text-xs text-red-800">{t('notifications.conflictHint')}</p>}
      <ul className="divide-y divide-slate-100">
        {group.items.map((item) => (
          <NotificationEntry key={item.id} item={item} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  )
}

const MovedIcon = () => (
  <Icon width={16} height={16}>
    <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />
  </Icon>
)
const CancelledIcon = () => (
  <Icon width={16} height={16}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m9 9 6 6M15 9l-6 6" />
  </Icon>
)

const WARNING_LOOK = {
  icon: <WarningIcon width={16} height={16} />,
  badge: 'bg-amber-100 text-amber-800',
  title: 'text-slate-900',
}

const LOOKS: Record<NotificationItem['kind'], { icon: ReactNode; badge: string; title: string }> = {
  new: {
    icon: <CalendarIcon width={16} height={16} />,
    badge: 'bg-brand-100 text-brand-700',
    title: 'text-slate-900',
  },
  changed: { icon: <MovedIcon />, badge: 'bg-amber-100 text-amber-800', title: 'text-slate-900' },
  cancelled: { icon: <CancelledIcon />, badge: 'bg-slate-200 text-slate-700', title: 'text-slate-900' },
  conflict: {
    icon: <WarningIcon width={16} height={16} />,
    badge: 'bg-red-600 text-white',
    title: 'text-red-700',
  },
  unstable: WARNING_LOOK,
  'at-risk': WARNING_LOOK,
  silent: WARNING_LOOK,
  'never-imported': WARNING_LOOK,
}

const range = (t: Translate, format: Formatters, dates: StayDates) =>
  t('calendar.dateRange', { start: format.date(dates.start), end: format.date(dates.end) })

function NotificationEntry({ item, onOpen }: { item: NotificationItem; onOpen?: () => void }) {
  const { t } = useI18n()
  const format = useFormat()
  const look = LOOKS[item.kind]
  const conflict = item.kind === 'conflict'
  const tone = conflict
    ? `border-s-4 border-red-600 ${item.unread ? 'bg-red-50' : 'bg-red-50/40'}`
    : item.unread
      ? 'bg-brand-50/60'
      : ''
  return (
    <li
      data-testid="notification"
      data-kind={item.kind}
      data-unread={item.unread || undefined}
      className={tone}
    >
      <Link
        href={item.link}
        onClick={onOpen}
        data-testid="notification-link"
        className="flex gap-3 px-4 py-3 outline-offset-[-2px] hover:bg-slate-900/[0.03] focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span
          className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${look.badge}`}
        >
          {look.icon}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-2">
            <p data-testid="notification-title" className={`text-sm font-semibold break-words ${look.title}`}>
              {noticeTitle(t, format, item)}
            </p>
            <time dateTime={item.createdAt} className="text-[11px] text-slate-500">
              {format.dateTime(item.createdAt)}
            </time>
          </div>
          <NotificationBody item={item} />
        </div>
      </Link>
    </li>
  )
}

const box = 'mt-1.5 rounded-lg px-2 py-1.5 text-xs'

function NotificationBody({ item }: { item: NotificationItem }) {
  const { t } = useI18n()
  const format = useFormat()
  switch (item.kind) {
    case 'new':
      if (item.more.length === 0 && !item.overPreparation) return null
      return (
        <ul className="mt-1.5 flex flex-col gap-1">
          {item.more.map((stay, index) => (
            <li key={index} className="rounded-lg bg-slate-50 px-2 py-1.5 text-xs break-words text-slate-800">
              {stayPhrase(t, format, stay)}
            </li>
          ))}
          {item.overPreparation && (
            <li
              className="rounded-lg bg-amber-50 px-2 py-1.5 text-xs text-amber-900"
              data-testid="over-preparation"
            >
              {t('notifications.overPreparation', {
                platform: item.overPreparation.platform,
                range: range(t, format, item.overPreparation),
              })}
            </li>
          )}
        </ul>
      )
    case 'changed':
      return (
        <div className={`${box} bg-slate-50`}>
          <p className="font-medium break-words text-slate-800">
            <bdi dir="auto">{stayName(t, item.stay)}</bdi>
          </p>
          {item.previous && (
            <p className="text-slate-500 tabular-nums">
              <span>{t('notifications.was')} </span>
              <del data-testid="previous-dates">{range(t, format, item.previous)}</del>
            </p>
          )}
          <p className="font-medium text-slate-800 tabular-nums">
            <span>{t('notifications.now')} </span>
            <span data-testid="current-dates">{range(t, format, item.stay)}</span>
          </p>
        </div>
      )
    case 'cancelled':
      return (
        <div className={`${box} bg-slate-50`}>
          <p className="font-medium break-words text-slate-800">
            <bdi dir="auto">{stayName(t, item.stay)}</bdi>
          </p>
          <p className="text-slate-500 tabular-nums">
            <del data-testid="cancelled-dates">{range(t, format, item.stay)}</del>
          </p>
        </div>
      )
    case 'conflict': {
      const platforms = [
        ...new Set([item.stay.platform, item.other.platform].map((p) => platformLabel(t, p))),
      ]
      // A stay entered by hand is no platform: "booked on Airbnb and entered by hand".
      const sold = [item.stay, item.other].filter((stay) => !isManualPlatform(stay.platform))
      const soldOn =
        sold.length === 1
          ? t('notifications.manualClash', { platform: platformLabel(t, sold[0]!.platform) })
          : t('notifications.soldOn', { platforms: format.list(platforms) })
      return (
        <div className={`${box} border border-red-200 bg-white`}>
          <p className="font-semibold text-red-700" data-testid="conflict-platforms">
            {soldOn}
          </p>
          <p className="font-semibold text-red-700 tabular-nums" data-testid="conflict-nights">
            {t('notifications.sharedNights', {
              range: range(t, format, item.nights),
              nights: t('notifications.nights', { count: nightsBetween(item.nights.start, item.nights.end) }),
            })}
          </p>
          <ul className="mt-1 flex flex-col gap-1">
            {[item.stay, item.other].map((stay, index) => (
              <li key={index} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                <PlatformBadge label={platformLabel(t, stay.platform)} />
                <bdi dir="auto" className="font-medium break-words text-slate-800">
                  {stayName(t, stay)}
                </bdi>
                <span className="text-slate-500 tabular-nums">{range(t, format, stay)}</span>
              </li>
            ))}
          </ul>
        </div>
      )
    }
    case 'unstable':
      return (
        <p data-testid="unstable-hint" className={`${box} bg-amber-50 text-amber-900`}>
          {t('notifications.unstableHint')}
        </p>
      )
    case 'at-risk':
      return (
        <div className={`${box} bg-amber-50 text-amber-900`}>
          <ul data-testid="at-risk-nights">
            {item.atRisk.map((run, index) => (
              <li key={index} className="tabular-nums">
                {t('notifications.notYetOn', {
                  platform: platformLabel(t, run.platformName),
                  range: range(t, format, run),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-1">{t('notifications.atRiskHint')}</p>
        </div>
      )
    case 'silent':
    case 'never-imported':
      return (
        <p data-testid="import-alarm-hint" className={`${box} bg-amber-50 text-amber-900`}>
          {item.kind === 'silent' && item.lastFetchedAt
            ? `${t('notifications.lastImported', { time: format.dateTime(item.lastFetchedAt) })} `
            : ''}
          {t(item.kind === 'silent' ? 'notifications.silentHint' : 'notifications.neverImportedHint', {
            platform: platformLabel(t, item.platformName),
          })}
        </p>
      )
  }
}
