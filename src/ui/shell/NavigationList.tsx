import { Link } from 'wouter'
import { isActivePath, type NavigationItem } from '../../domain/navigation.ts'
import { useI18n } from '../../i18n.tsx'
import { NAV_ICONS } from './navIcons.tsx'

type Props = {
  items: { main: NavigationItem[]; admin: NavigationItem[] }
  currentPath: string
  collapsed?: boolean
  onNavigate?: () => void
}

/** The sidebar's links, shared by the desktop sidebar and the mobile drawer. */
export function NavigationList({ items, currentPath, collapsed = false, onNavigate }: Props) {
  const { t } = useI18n()
  const renderItem = (item: NavigationItem) => {
    const ItemIcon = NAV_ICONS[item.icon]
    const active = isActivePath(item.path, currentPath)
    return (
      <li key={item.path}>
        <Link
          href={item.path}
          onClick={onNavigate}
          aria-current={active ? 'page' : undefined}
          title={collapsed ? t(item.labelKey) : undefined}
          className={`flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors ${
            collapsed ? 'justify-center' : ''
          } ${active ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`}
        >
          <ItemIcon className="shrink-0" />
          <span className={collapsed ? 'sr-only' : ''}>{t(item.labelKey)}</span>
        </Link>
      </li>
    )
  }
  return (
    <nav aria-label={t('nav.main')} className="flex flex-col gap-6">
      <ul className="flex flex-col gap-1">{items.main.map(renderItem)}</ul>
      {items.admin.length > 0 && (
        <div>
          <p
            className={`mb-2 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase ${collapsed ? 'sr-only' : ''}`}
          >
            {t('nav.admin')}
          </p>
          <ul className="flex flex-col gap-1">{items.admin.map(renderItem)}</ul>
        </div>
      )}
    </nav>
  )
}
