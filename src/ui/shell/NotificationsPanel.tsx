import { useEffect, useId, type ReactNode } from 'react'
import { useI18n } from '../../i18n.tsx'
import { CloseIcon } from '../common/icons.tsx'

type Props = { open: boolean; onClose: () => void; children?: ReactNode; isEmpty: boolean }

/**
 * A 320 px dropdown (at most 24rem high) 65 px from the inline end on desktop; a full-screen
 * overlay under 768 px. In Arabic the offset is measured from the left. Fixed to
 * the window, like the sticky header it drops from, so a scrolled page still shows it.
 */
export function NotificationsPanel({ open, onClose, children, isEmpty }: Props) {
  const { t } = useI18n()
  const titleId = useId()
  useEffect(() => {
    if (!open) return
    // Like every other overlay, Escape closes the panel (keyboard users have no outside click).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onClose])
  if (!open) return null
  return (
    <section
      role="dialog"
      aria-label={t('notifications.title')}
      data-testid="notifications-panel"
      className="fixed inset-x-0 top-(--offline-bar) bottom-0 z-40 flex flex-col bg-white md:fixed md:inset-auto md:top-[calc(3.5rem+var(--offline-bar))] md:end-[65px] md:max-h-[24rem] md:w-[320px] md:rounded-2xl md:border md:border-slate-200 md:shadow-xl"
    >
      {/* Not a <header>: that would be a second banner landmark beside the page's own. */}
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
        <h2 id={titleId} className="text-sm font-semibold">
          {t('notifications.title')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('app.close')}
          className="rounded-lg p-1 text-slate-500 hover:bg-slate-100"
        >
          <CloseIcon width={18} height={18} />
        </button>
      </div>
      {/* The list scrolls inside the panel: Tab reaches it, so the arrows can scroll it. */}
      <div
        role="group"
        tabIndex={0}
        aria-labelledby={titleId}
        className="flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 md:rounded-b-2xl"
      >
        {isEmpty ? (
          <p className="px-4 py-10 text-center text-sm text-slate-500">{t('notifications.empty')}</p>
        ) : (
          children
        )}
      </div>
    </section>
  )
}
