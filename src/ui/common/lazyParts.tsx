import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type ButtonHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react'
import { useI18n } from '../../i18n.tsx'
import { Spinner } from './Spinner.tsx'

/*
 * What a screen opens later (dialogs, sheets, panels, menus, popovers) is a chunk of its
 * own, with Headless UI's dialog, floating and focus code (about 38 KB gzipped), so the first
 * screen loads only what it paints. Each chunk is fetched when its opener is pointed at or
 * focused, and at the latest when it is pressed.
 */

/** A component of a chunk of its own: `Component` for rendering (React.lazy), `prefetch` beforehand. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return {
    Component: lazy(() => load().then((component) => ({ default: component }))),
    // A prefetch that fails is tried again when the part is rendered, which shows the failure.
    prefetch: () => void load().catch(() => undefined),
  }
}

/** Over the page while a dialog's chunk loads, the first time it opens. */
export function DialogLoading() {
  const { t } = useI18n()
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/20">
      <Spinner label={t('app.loading')} className="rounded-lg bg-white px-4 py-3 shadow" />
    </div>
  )
}

/**
 * An overlay of a lazy part, mounted only while open. Headless UI gives the focus back to what
 * opened a dialog only if its code was running at the press, which the first time it was not: so
 * focus left on nothing when the overlay closes goes back to the element that had it on opening.
 */
export function WhenOpen({
  open,
  fallback = <DialogLoading />,
  children,
}: {
  open: boolean
  fallback?: ReactNode
  children: ReactNode
}) {
  const opener = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      return
    }
    const previous = opener.current
    opener.current = null
    const lost = document.activeElement === null || document.activeElement === document.body
    if (lost && previous?.isConnected) previous.focus()
  }, [open])
  return open ? <Suspense fallback={fallback}>{children}</Suspense> : null
}

/** How a widget's button looks and reads: the same before its code has loaded and after. */
export type ButtonFace = Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'children' | 'aria-label' | 'aria-invalid' | 'aria-describedby'
> & { 'data-testid'?: string }

/** How the stand-in was left when the widget arrived: focused, and pressed meanwhile. */
export type Handover = RefObject<{ focused: boolean; pressed: boolean }>

/**
 * A menu's or a popover's code, fetched once for every instance (again after a failure). When it
 * arrives, every stand-in on the page gives way to it, not only the one that asked.
 */
export type WidgetChunk<P> = {
  loaded?: ComponentType<P>
  fetch: () => void
  subscribe: (listener: () => void) => () => void
}

export function widgetChunk<P>(load: () => Promise<ComponentType<P>>): WidgetChunk<P> {
  let fetching = false
  const listeners = new Set<() => void>()
  const chunk: WidgetChunk<P> = {
    fetch: () => {
      if (fetching || chunk.loaded) return
      fetching = true
      load().then(
        (component) => {
          chunk.loaded = component
          listeners.forEach((listener) => listener())
        },
        (failure: unknown) => {
          fetching = false
          console.error('A menu or picker could not load', failure)
        },
      )
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return chunk
}

/**
 * A widget (a Headless UI menu or popover) whose button is painted at once, as a plain button that
 * looks and reads the same, and whose code arrives when that button is pointed at, focused or
 * pressed. The widget then takes its place as it was left: focused, and opened if it was pressed.
 */
export function useDeferredWidget<P>(chunk: WidgetChunk<P>) {
  const standIn = useRef<HTMLButtonElement>(null)
  const handover: Handover = useRef({ focused: false, pressed: false })
  // Where the focus was when the code arrived, before the stand-in is taken away.
  useEffect(
    () =>
      chunk.subscribe(() => {
        handover.current.focused = document.activeElement === standIn.current
      }),
    [chunk],
  )
  // The build's prerender, and the hydration of its markup, draw the stand-in.
  const Component = useSyncExternalStore(
    chunk.subscribe,
    () => chunk.loaded,
    () => undefined,
  )
  const press = () => {
    handover.current.pressed = true
    chunk.fetch()
  }
  return {
    widget: Component && { Component, handover },
    standInProps: {
      ref: standIn,
      onPointerEnter: chunk.fetch,
      onFocus: chunk.fetch,
      // A press may start before the code arrives and end after: it counts from its start.
      onPointerDown: (event: { button: number }) => {
        if (event.button === 0) press()
      },
      onClick: press,
    },
  }
}

/** The loaded widget's side of the handover: once, on mount, it focuses its button and opens. */
export function useHandover(handoverRef: Handover, buttonRef: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    const { focused, pressed } = handoverRef.current
    // Once: a second run (React's strict mode) must not press it shut again.
    handoverRef.current = { focused: false, pressed: false }
    if (focused || pressed) buttonRef.current?.focus()
    if (pressed) buttonRef.current?.click()
  }, [handoverRef, buttonRef])
}
