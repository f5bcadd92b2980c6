/**
 * What takes the focus once the next dialog has gone, when what had it as that dialog opened is
 * gone too. Its own module, not inertPage's: the frame sets it, and dialogs' code loads with them.
 */
let standIn: (() => HTMLElement | null) | null = null

/**
 * A control that opened something on a page drawn anew (a notification's stay on the calendar)
 * no longer exists when the dialog there closes: `target` finds the one that stands in its place.
 */
export function focusAfterNextDialog(target: () => HTMLElement | null) {
  standIn = target
}

/** The stand-in, once: the next dialog to close takes it. */
export function takeStandIn() {
  const target = standIn
  standIn = null
  return target
}
