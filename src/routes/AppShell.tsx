import { useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { navigationFor } from '../domain/navigation.ts'
import { useI18n } from '../i18n.tsx'
import { DesktopHeader } from '../ui/shell/DesktopHeader.tsx'
import { MobileDrawer } from '../ui/shell/MobileDrawer.tsx'
import { MobileTopBar } from '../ui/shell/MobileTopBar.tsx'
import { NotificationList } from '../ui/shell/NotificationList.tsx'
import { NotificationsPanel } from '../ui/shell/NotificationsPanel.tsx'
import { Sidebar } from '../ui/shell/Sidebar.tsx'
import { UserMenuSheet } from '../ui/shell/UserMenuSheet.tsx'
import type { Profile } from '../actors/api.ts'
import { SettingsRoute } from './SettingsRoute.tsx'
import { useLogout } from './session.ts'
import { useNotifications } from './notifications.ts'
import { useGlobalSearch } from './useGlobalSearch.ts'
import { useSidebarCollapsed } from './useSidebarCollapsed.ts'

type Overlay = 'none' | 'drawer' | 'userSheet' | 'notifications' | 'settings'

/** The signed-in frame: sidebar (drawer on phones), header or mobile top bar, and their panels. */
export function AppShell({ profile, children }: { profile: Profile; children: ReactNode }) {
  const { language, setLanguage } = useI18n()
  const [location] = useLocation()
  const [collapsed, toggleCollapsed] = useSidebarCollapsed()
  const [overlay, setOverlay] = useState<Overlay>('none')
  const [search, setSearch] = useGlobalSearch()
  const logout = useLogout()
  const notifications = useNotifications(overlay === 'notifications')
  const items = navigationFor(profile.isAdmin)
  const close = () => setOverlay('none')
  const toggle = (which: Overlay) => () => setOverlay((current) => (current === which ? 'none' : which))

  return (
    <div className="flex min-h-screen">
      <Sidebar
        items={items}
        currentPath={location}
        collapsed={collapsed}
        onToggleCollapsed={toggleCollapsed}
      />
      <MobileDrawer open={overlay === 'drawer'} onClose={close} items={items} currentPath={location} />
      <div className="relative flex min-w-0 flex-1 flex-col">
        <DesktopHeader
          user={profile}
          search={search}
          onSearchChange={setSearch}
          unreadCount={notifications.unreadCount}
          onOpenNotifications={toggle('notifications')}
          onOpenSettings={() => setOverlay('settings')}
          language={language}
          onLanguageChange={setLanguage}
          onLogout={() => logout.mutate()}
        />
        <MobileTopBar
          user={profile}
          unreadCount={notifications.unreadCount}
          onOpenMenu={() => setOverlay('drawer')}
          onOpenNotifications={toggle('notifications')}
          onOpenProfile={() => setOverlay('settings')}
          onOpenUserMenu={() => setOverlay('userSheet')}
        />
        <NotificationsPanel
          open={overlay === 'notifications'}
          onClose={close}
          isEmpty={notifications.items.length === 0}
        >
          <NotificationList groups={notifications.groups} />
        </NotificationsPanel>
        <main className="flex-1 px-4 py-6 md:px-8 md:py-8">{children}</main>
      </div>
      <UserMenuSheet
        open={overlay === 'userSheet'}
        onClose={close}
        user={profile}
        language={language}
        onLanguageChange={setLanguage}
        onOpenProfile={() => setOverlay('settings')}
        onOpenSettings={() => setOverlay('settings')}
        onLogout={() => logout.mutate()}
      />
      <SettingsRoute open={overlay === 'settings'} onClose={close} profile={profile} />
    </div>
  )
}
