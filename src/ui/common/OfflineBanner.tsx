import { useEffect, useLayoutEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { loadWords, NeedsWords, useI18n } from '../../i18n.tsx'
import { useNetwork } from '../../pwa/useOnline.ts'
import { LIVE_OVER_DIALOGS } from './inertPage.ts'

/** The CSS variable the page makes room with (src/index.css): the banner's height while it shows. */
const ROOM = '--offline-bar'

/** The banner itself; while it is there, the page makes room for it. */
function Bar() {
  const { t } = useI18n()
  const bar = useRef<HTMLParagraphElement>(null)
  useLayoutEffect(() => {
    const element = bar.current
    if (!element) return
    const root = document.documentElement
    const measure = () => root.style.setProperty(ROOM, `${element.offsetHeight}px`)
    measure()
    // Its words may wrap (a narrow phone, a larger text size): the room follows its height.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.style.removeProperty(ROOM)
    }
  }, [])
  return (
    <p
      ref={bar}
      data-testid="offline-banner"
      className="flex items-center justify-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path
          strokeLinecap="round"
          d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.6M12 8a10 10 0 0 1 7 3M2 8.8a15 15 0 0 1 4-2.6M12 4a15 15 0 0 1 10 4.8M12 20h.01"
        />
      </svg>
      <span>{t('offline.banner')}</span>
    </p>
  )
}

/**
 * "You're offline" across the top of the window while a network the page had is gone, over
 * whatever is open (dialogs included) and in front of nothing: the page makes room for it.
 * A polite live region of its own, directly in the body, so that a dialog holding the rest of
 * the page inert leaves it heard; it is there, empty, before it speaks (src/routes/App.tsx fetches
 * it once the page is idle). Its words are fetched as it arrives, while there is a network.
 */
export default function OfflineBanner() {
  const { language } = useI18n()
  const dropped = useNetwork() === 'dropped'
  useEffect(() => {
    loadWords(language, ['occasional']).catch((failure: unknown) =>
      console.error('The words said offline could not load', failure),
    )
  }, [language])
  return createPortal(
    <div
      role="status"
      aria-live="polite"
      data-testid="offline-status"
      {...{ [LIVE_OVER_DIALOGS]: '' }}
      className="fixed inset-x-0 top-0 z-55"
    >
      {dropped && (
        <NeedsWords part="occasional">
          <Bar />
        </NeedsWords>
      )}
    </div>,
    document.body,
  )
}
