import { Link } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { ChevronDownIcon } from '../common/icons.tsx'
import { DocumentIcon, HelpIcon, LogoutIcon, ShieldIcon } from '../common/appIcons.tsx'
import { Avatar, type ShellUser } from './Avatar.tsx'
import { DeferredMenu } from '../common/DeferredMenu.tsx'
import { ownName } from '../common/userName.ts'
import { USER_MENU_LINKS } from './userMenuLinks.ts'

export const USER_MENU_ICONS = { help: HelpIcon, document: DocumentIcon, shield: ShieldIcon }

export function UserMenu({ user, onLogout }: { user: ShellUser; onLogout: () => void }) {
  const { t } = useI18n()
  return (
    <DeferredMenu
      face={{
        'data-testid': 'user-menu',
        className: 'flex h-10 items-center gap-2 rounded-xl px-1.5 text-sm text-slate-700 hover:bg-slate-100',
        children: (
          <>
            {/* The name says what the button is and holds the visible text (WCAG 2.5.3). */}
            <span className="sr-only">{t('header.userMenu')}: </span>
            <Avatar user={user} />
            <span dir="auto" className="hidden max-w-40 truncate font-medium lg:inline">
              {user.name?.trim() || user.email}
            </span>
            <ChevronDownIcon width={16} height={16} />
          </>
        ),
      }}
      panelClassName="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
      heading={
        <div className="border-b border-slate-100 px-3 py-2.5">
          <p dir="auto" className="w-fit max-w-full truncate text-sm font-semibold text-slate-900">
            {ownName(t, user.name)}
          </p>
          <p className="truncate text-xs text-slate-500" dir="ltr">
            {user.email}
          </p>
        </div>
      }
      items={[
        ...USER_MENU_LINKS.map((link) => {
          const LinkIcon = USER_MENU_ICONS[link.icon]
          return (
            <Link
              key={link.href}
              href={link.href}
              className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-700 data-[focus]:bg-slate-100"
            >
              <LinkIcon width={18} height={18} />
              {t(link.labelKey)}
            </Link>
          )
        }),
        <button
          key="logout"
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-red-600 data-[focus]:bg-red-50"
        >
          <LogoutIcon width={18} height={18} />
          {t('header.logout')}
        </button>,
      ]}
    />
  )
}
