import type { DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../format.ts'
import { CalendarIcon } from '../icons.tsx'

export type NotificationItem = {
  id: string
  platformName: string
  propertyName: string
  createdAt: string
  unread: boolean
  events: { uid: string; summary: string; start: DateOnly; end: DateOnly }[]
}

/** SPEC 2: "new booking", the platform, the property, and each event with its dates. */
export function NotificationList({ items }: { items: readonly NotificationItem[] }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <ul className="divide-y divide-slate-100" data-testid="notification-list">
      {items.map((item) => (
        <li
          key={item.id}
          data-testid="notification"
          className={`flex gap-3 px-4 py-3 ${item.unread ? 'bg-brand-50/60' : ''}`}
        >
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <CalendarIcon width={16} height={16} />
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex items-baseline justify-between gap-2">
              <p className="text-sm font-semibold text-slate-900">{t('notifications.newBooking')}</p>
              <time dateTime={item.createdAt} className="shrink-0 text-[11px] text-slate-500">
                {format.dateTime(item.createdAt)}
              </time>
            </div>
            <p className="truncate text-xs text-slate-600">
              <span className="font-medium text-sky-800">{item.platformName}</span>
              <span aria-hidden="true"> · </span>
              {item.propertyName}
            </p>
            <ul className="mt-1.5 flex flex-col gap-1">
              {item.events.map((event) => (
                <li
                  key={event.uid || `${event.start}-${event.summary}`}
                  className="rounded-lg bg-slate-50 px-2 py-1.5 text-xs"
                >
                  <p className="truncate font-medium text-slate-800">
                    {event.summary || t('notifications.noTitle')}
                  </p>
                  <p className="text-slate-500 tabular-nums">
                    {t('calendar.dateRange', {
                      start: format.date(event.start),
                      end: format.date(event.end),
                    })}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ul>
  )
}
