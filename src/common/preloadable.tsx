import { lazy, useState, type ComponentType } from 'react'

/** A component loaded on demand that can also be loaded ahead, and then renders without suspending. */
export type Preloadable<
  Props extends object,
  Module extends { default: ComponentType<Props> } = { default: ComponentType<Props> },
> = ComponentType<Props> & { preload: () => Promise<Module>; hasArrived: () => boolean }

/**
 * React.lazy suspends on its first render even when its module has already arrived,
 * costing the first screen one more render on a slow phone. Preloaded before the app first
 * renders (src/main.tsx), the component is drawn at once; otherwise it is an ordinary lazy one.
 */
export function preloadable<
  Props extends object,
  Module extends { default: ComponentType<Props> } = { default: ComponentType<Props> },
>(load: () => Promise<Module>): Preloadable<Props, Module> {
  let loaded: ComponentType<Props> | undefined
  const preload = () =>
    load().then((module) => {
      loaded = module.default
      return module
    })
  const Lazy = lazy(preload)
  function Preloaded(props: Props) {
    // Each instance keeps the component it first drew: switching from Lazy to the loaded one at a
    // later render would be a new component type to React, which would unmount everything below
    // (every open form and dialog) and mount it afresh.
    const [Component] = useState(() => loaded ?? Lazy)
    return <Component {...props} />
  }
  return Object.assign(Preloaded, { preload, hasArrived: () => loaded !== undefined })
}
