import type { Ref } from 'react'
import { useI18n } from '../../i18n.tsx'
import { BellIcon } from '../common/appIcons.tsx'
import { useFormat } from '../common/format.ts'

/** More unread notifications than this show as "99+". */
const MOST_SHOWN = 99

type Props = {
  unreadCount: number
  onClick: () => void
  /** The bell takes the focus back when the panel it opened closes. */
  ref?: Ref<HTMLButtonElement>
}

export function BellButton({ unreadCount, onClick, ref }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  // The badge's figure, in the reader's digits, is part of the button's name, as a screen reader
  // user hears what a sighted one sees.
  const badge = unreadCount > MOST_SHOWN ? `${format.number(MOST_SHOWN)}+` : format.number(unreadCount)
  const label =
    unreadCount > MOST_SHOWN
      ? t('header.unreadOver', { shown: badge })
      : unreadCount > 0
        ? t('header.unread', { count: unreadCount })
        : t('header.notifications')
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      aria-label={label}
      data-testid="bell"
      className="relative flex size-10 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100"
    >
      <BellIcon />
      {unreadCount > 0 && (
        <span className="absolute -top-0.5 -end-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white">
          {badge}
        </span>
      )}
    </button>
  )
}
