import { useRef, type ReactElement, type ReactNode } from 'react'
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useHandover, type ButtonFace, type Handover } from '../common/lazyParts.tsx'

export type MenuWidgetProps = {
  /** The button, as `DeferredMenu` painted it before this code arrived. */
  face: ButtonFace
  /** Above the items, not one of them (the user menu's name and e-mail). */
  heading?: ReactNode
  /** Each a link or a button; each becomes a menu item. */
  items: readonly ReactElement[]
  panelClassName: string
  handover: Handover
}

/**
 * A header dropdown (Headless UI's menu, under its button's inline end); a chunk of its own. A
 * popup, not a modal: drawn beside its button, inside the header, and the page behind stays as it
 * is. Headless UI's anchored menu went to a portal outside every landmark and hid the rest of the
 * page, which left the page without its main landmark and heading while the menu was open.
 */
export function MenuWidget({ face, heading, items, panelClassName, handover }: MenuWidgetProps) {
  const button = useRef<HTMLButtonElement>(null)
  useHandover(handover, button)
  return (
    <Menu as="div" className="relative">
      <MenuButton ref={button} {...face} />
      <MenuItems modal={false} className={`absolute end-0 top-full mt-1.5 ${panelClassName}`}>
        {heading}
        {items.map((item) => (
          <MenuItem key={item.key}>{item}</MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}
