import { useDeferredWidget, widgetChunk } from './lazyParts.tsx'
import type { MenuWidgetProps } from '../shell/MenuWidget.tsx'

const chunk = widgetChunk(() => import('../shell/MenuWidget.tsx').then((module) => module.MenuWidget))

/** A header dropdown whose button shows at once; the menu's code comes when it is about to be used. */
export function DeferredMenu(props: Omit<MenuWidgetProps, 'handover'>) {
  const { widget, standInProps } = useDeferredWidget(chunk)
  if (widget) return <widget.Component {...props} handover={widget.handover} />
  return (
    <div className="relative">
      <button type="button" aria-haspopup="menu" aria-expanded={false} {...props.face} {...standInProps} />
    </div>
  )
}
