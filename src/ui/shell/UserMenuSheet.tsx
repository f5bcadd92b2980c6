import { Link } from 'wouter'
import { LANGUAGES, type Language } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { GlobeIcon } from '../common/icons.tsx'
import { LogoutIcon, SettingsIcon, UsersIcon } from '../common/appIcons.tsx'
import { Avatar } from './Avatar.tsx'
import { BottomSheet } from './BottomSheet.tsx'
import { ownName } from '../common/userName.ts'
import type { ShellUser } from './Avatar.tsx'
import { USER_MENU_ICONS } from './UserMenu.tsx'
import { USER_MENU_LINKS } from './userMenuLinks.ts'

type Props = {
  open: boolean
  onClose: () => void
  user: ShellUser
  language: Language
  onLanguageChange: (language: Language) => void
  onOpenProfile: () => void
  onOpenSettings: () => void
  onLogout: () => void
}

const rowClass =
  'flex w-full items-center gap-3 rounded-xl px-3 py-3 text-start text-sm text-slate-700 hover:bg-slate-100'

export function UserMenuSheet(props: Props) {
  const { t } = useI18n()
  const close = (then: () => void) => () => {
    props.onClose()
    then()
  }
  return (
    <BottomSheet
      open={props.open}
      onClose={props.onClose}
      title={t('header.userMenu')}
      testId="user-menu-sheet"
    >
      <div className="mb-2 flex items-center gap-3 border-b border-slate-100 px-3 pb-3">
        <Avatar user={props.user} />
        <div className="min-w-0">
          <p dir="auto" className="w-fit max-w-full truncate text-sm font-semibold">
            {ownName(t, props.user.name)}
          </p>
          <p className="truncate text-xs text-slate-500" dir="ltr">
            {props.user.email}
          </p>
        </div>
      </div>
      <button type="button" className={rowClass} onClick={close(props.onOpenProfile)}>
        <UsersIcon width={18} height={18} />
        {t('header.profile')}
      </button>
      <button type="button" className={rowClass} onClick={close(props.onOpenSettings)}>
        <SettingsIcon width={18} height={18} />
        {t('header.settings')}
      </button>
      <div className="flex items-center gap-3 px-3 py-2 text-sm text-slate-700">
        <GlobeIcon width={18} height={18} />
        <span>{t('language.label')}</span>
        <div
          className="ms-auto flex rounded-xl bg-slate-100 p-1"
          role="group"
          aria-label={t('language.label')}
        >
          {LANGUAGES.map((option) => (
            <button
              key={option}
              type="button"
              lang={option}
              aria-pressed={option === props.language}
              onClick={() => props.onLanguageChange(option)}
              className={`rounded-lg px-3 py-1 text-xs font-semibold ${
                option === props.language ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-500'
              }`}
            >
              {t(option === 'en' ? 'language.shortEn' : 'language.shortAr')}
            </button>
          ))}
        </div>
      </div>
      {USER_MENU_LINKS.map((link) => {
        const LinkIcon = USER_MENU_ICONS[link.icon]
        return (
          <Link key={link.href} href={link.href} className={rowClass} onClick={props.onClose}>
            <LinkIcon width={18} height={18} />
            {t(link.labelKey)}
          </Link>
        )
      })}
      <button type="button" className={`${rowClass} text-red-600`} onClick={close(props.onLogout)}>
        <LogoutIcon width={18} height={18} />
        {t('header.logout')}
      </button>
    </BottomSheet>
  )
}
