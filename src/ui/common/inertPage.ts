import { useEffect, useState } from 'react'
import { takeStandIn } from './focusAfterDialog.ts'

/**
 * Marks an element of the body that no dialog makes inert: a status with no controls, which must
 * still be heard while a dialog is open (the offline banner).
 */
export const LIVE_OVER_DIALOGS = 'data-live-over-dialogs'

/** How many open dialogs hold each element of the page inert. */
const holds = new Map<Element, number>()

function hold(element: HTMLElement) {
  holds.set(element, (holds.get(element) ?? 0) + 1)
  element.setAttribute('aria-hidden', 'true')
  element.inert = true
}

/**
 * The page's own elements are never inert or hidden of themselves, so the last release makes
 * them live again. Headless UI may have marked them too, after this did, and puts back what it
 * found then (inert) as its dialog goes: once that step's work is done, an element no dialog
 * holds any more is made live again.
 */
function release(element: HTMLElement) {
  const count = (holds.get(element) ?? 1) - 1
  if (count > 0) {
    holds.set(element, count)
    return
  }
  holds.delete(element)
  const makeLive = () => {
    if (holds.has(element)) return
    element.removeAttribute('aria-hidden')
    element.inert = false
  }
  makeLive()
  queueMicrotask(makeLive)
  setTimeout(makeLive, 0)
}

/**
 * While a modal dialog is open, everything on the page outside it is inert: no focus, no
 * pointer, not read by a screen reader (but for a status marked `LIVE_OVER_DIALOGS`). Headless UI
 * does this for the first dialog a page opens, but a later one's panel is not yet in the page when
 * it looks for it, so it leaves the page live behind every dialog after the first. This takes the panel once it is in the page; the
 * holds are counted, so a dialog over a dialog and Headless UI's own marks give the page back
 * only when the last of them goes.
 *
 * Headless UI gives the focus back to what had it before as the dialog goes, but the page is
 * still inert then, so the focus fell to the page itself: once the page is live again, what had
 * the focus when the dialog opened (or `focusAfterNextDialog`'s stand-in) takes it back if nothing has it.
 *
 * Returns the ref to put on the dialog's panel.
 */
export function useInertPage(open: boolean) {
  const [panel, setPanel] = useState<HTMLElement | null>(null)
  // Read as the dialog renders open: by its effects Headless UI has made the page inert, which
  // takes the focus from it.
  const focusedNow = () => (open ? document.activeElement : null)
  const [opener, setOpener] = useState(focusedNow)
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setOpener(focusedNow())
  }
  useEffect(() => {
    if (!open || !panel?.isConnected) return
    const others = [...document.body.children].filter(
      (element): element is HTMLElement =>
        element instanceof HTMLElement &&
        !element.contains(panel) &&
        !element.hasAttribute(LIVE_OVER_DIALOGS) &&
        !(element instanceof HTMLScriptElement || element instanceof HTMLTemplateElement),
    )
    others.forEach(hold)
    const returnTo = opener
    return () => {
      others.forEach(release)
      // After `release` has made the page live (its own timer comes first).
      setTimeout(() => {
        const standIn = takeStandIn()
        const body = document.body
        if (document.activeElement !== null && document.activeElement !== body) return
        if (returnTo instanceof HTMLElement && returnTo !== body && returnTo.isConnected) returnTo.focus()
        else standIn?.()?.focus()
      }, 0)
    }
  }, [open, panel, opener])
  return setPanel
}
