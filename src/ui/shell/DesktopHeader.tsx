import type { Language } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { SettingsIcon } from '../frame/appIcons.tsx'
import { BellButton } from './BellButton.tsx'
import { LanguageMenu } from '../common/LanguageMenu.tsx'
import { SearchBox } from './SearchBox.tsx'
import type { StaySearch } from './StaySearchResults.tsx'
import { UserMenu, type ShellUser } from './UserMenu.tsx'

type Props = {
  user: ShellUser
  search: string
  onSearchChange: (value: string) => void
  /** The stays the search text finds. */
  stays?: StaySearch
  unreadCount: number
  onOpenNotifications: () => void
  onOpenSettings: () => void
  language: Language
  onLanguageChange: (language: Language) => void
  onLogout: () => void
  /** The pointer or the focus came to the header: its panels are about to be needed. */
  onIntent: () => void
}

export function DesktopHeader(props: Props) {
  const { t } = useI18n()
  return (
    <header
      data-testid="desktop-header"
      onPointerEnter={props.onIntent}
      onFocus={props.onIntent}
      className="sticky top-(--offline-bar) z-30 flex h-16 items-center gap-4 border-b border-slate-200 bg-white/90 px-6 backdrop-blur"
    >
      <SearchBox value={props.search} onChange={props.onSearchChange} stays={props.stays} />
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
        <BellButton unreadCount={props.unreadCount} onClick={props.onOpenNotifications} />
        <LanguageMenu language={props.language} onChange={props.onLanguageChange} />
        <UserMenu user={props.user} onLogout={props.onLogout} />
      </div>
    </header>
  )
}
