import type { Ref } from 'react'
import type { Language } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { SettingsIcon } from '../common/appIcons.tsx'
import { BellButton } from './BellButton.tsx'
import { LanguageMenu } from '../common/LanguageMenu.tsx'
import { SearchBox, type SearchBoxProps } from './SearchBox.tsx'
import type { ShellUser } from './Avatar.tsx'
import { UserMenu } from './UserMenu.tsx'

type Props = {
  user: ShellUser
  search: SearchBoxProps
  unreadCount: number
  onOpenNotifications: () => void
  bellRef: Ref<HTMLButtonElement>
  onOpenSettings: () => void
  language: Language
  onLanguageChange: (language: Language) => void
  onLogout: () => void
  /** The pointer or the focus came to the header: its panels are about to be needed. */
  onIntent: () => void
}

export function DesktopHeader({ bellRef, ...props }: Props) {
  const { t } = useI18n()
  return (
    <header
      data-testid="desktop-header"
      onPointerEnter={props.onIntent}
      onFocus={props.onIntent}
      data-top-bar
      className="sticky top-(--offline-bar) z-30 flex h-16 print:hidden items-center gap-4 border-b border-slate-200 bg-white/90 px-6 backdrop-blur"
    >
      <SearchBox {...props.search} />
      <div className="ms-auto flex items-center gap-2">
        <button
          type="button"
          onClick={props.onOpenSettings}
          aria-label={t('header.settings')}
          data-testid="settings-button"
          className="flex size-10 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100"
        >
          <SettingsIcon />
        </button>
        <BellButton ref={bellRef} unreadCount={props.unreadCount} onClick={props.onOpenNotifications} />
        <LanguageMenu language={props.language} onChange={props.onLanguageChange} />
        <UserMenu user={props.user} onLogout={props.onLogout} />
      </div>
    </header>
  )
}
