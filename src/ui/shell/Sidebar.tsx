import type { NavigationItem } from '../../domain/navigation.ts'
import { useI18n } from '../../i18n.tsx'
import { ChevronEndIcon, ChevronStartIcon } from '../common/icons.tsx'
import { Logo } from '../common/Logo.tsx'
import { NavigationList } from './NavigationList.tsx'

type Props = {
  items: { main: NavigationItem[]; admin: NavigationItem[] }
  currentPath: string
  collapsed: boolean
  onToggleCollapsed: () => void
}

/** Desktop sidebar: 321 px expanded, 74 px collapsed; sits at the inline start (right in Arabic). */
export function Sidebar({ items, currentPath, collapsed, onToggleCollapsed }: Props) {
  const { t } = useI18n()
  return (
    <aside
      data-testid="sidebar"
      className={`sticky top-(--offline-bar) flex print:hidden h-[calc(100vh-var(--offline-bar))] shrink-0 flex-col border-e border-slate-200 bg-white transition-[width] duration-200 ${
        collapsed ? 'w-[74px] px-3' : 'w-[321px] px-5'
      }`}
    >
      <div className={`flex h-16 items-center ${collapsed ? 'justify-center' : 'justify-between'}`}>
        <Logo compact={collapsed} />
        {!collapsed && (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={t('nav.collapse')}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100"
          >
            <ChevronStartIcon />
          </button>
        )}
      </div>
      {collapsed && (
        <button
          type="button"
          onClick={onToggleCollapsed}
          aria-label={t('nav.expand')}
          className="mx-auto mb-3 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100"
        >
          <ChevronEndIcon />
        </button>
      )}
      <div className="mt-2 flex-1 overflow-y-auto">
        <NavigationList items={items} currentPath={currentPath} collapsed={collapsed} />
      </div>
    </aside>
  )
}
