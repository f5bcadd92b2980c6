import type { Ref } from 'react'
import { useI18n } from '../../i18n.tsx'
import { ChevronDownIcon } from '../common/icons.tsx'
import { MenuIcon } from '../common/appIcons.tsx'
import { Logo } from '../common/Logo.tsx'
import { Avatar } from './Avatar.tsx'
import { BellButton } from './BellButton.tsx'
import type { ShellUser } from './Avatar.tsx'

type Props = {
  user: ShellUser
  unreadCount: number
  onOpenMenu: () => void
  onOpenNotifications: () => void
  bellRef: Ref<HTMLButtonElement>
  /** The profile button opens the profile dialog (docs/product.md §2.2). */
  onOpenProfile: () => void
  onOpenUserMenu: () => void
  /** A touch or the focus came to the bar: its panels are about to be needed. */
  onIntent: () => void
}

/**
 * Under 768 px: hamburger, logo, bell, the profile button (opens the profile dialog) and the
 * button that opens the bottom-sheet user menu.
 */
export function MobileTopBar({
  user,
  unreadCount,
  onOpenMenu,
  onOpenNotifications,
  bellRef,
  onOpenProfile,
  onOpenUserMenu,
  onIntent,
}: Props) {
  const { t } = useI18n()
  return (
    <header
      data-testid="mobile-top-bar"
      onPointerEnter={onIntent}
      onFocus={onIntent}
      data-top-bar
      className="sticky top-(--offline-bar) z-30 flex h-14 print:hidden items-center gap-2 border-b border-slate-200 bg-white px-3"
    >
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('nav.openMenu')}
        data-testid="hamburger"
        className="flex size-10 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100"
      >
        <MenuIcon />
      </button>
      <Logo />
      <div className="ms-auto flex items-center gap-1">
        <BellButton ref={bellRef} unreadCount={unreadCount} onClick={onOpenNotifications} />
        <button
          type="button"
          onClick={onOpenProfile}
          aria-label={t('header.profile')}
          data-testid="mobile-profile-button"
          className="flex size-10 items-center justify-center rounded-xl hover:bg-slate-100"
        >
          <Avatar user={user} />
        </button>
        <button
          type="button"
          onClick={onOpenUserMenu}
          aria-label={t('header.userMenu')}
          aria-haspopup="dialog"
          data-testid="mobile-user-button"
          className="flex size-8 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100"
        >
          <ChevronDownIcon />
        </button>
      </div>
    </header>
  )
}
