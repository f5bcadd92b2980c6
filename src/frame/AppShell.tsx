import { useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { homePathOf, navigationFor } from '../domain/navigation.ts'
import { useI18n } from '../i18n.tsx'
import { lazyPart, WhenOpen } from '../ui/common/lazyParts.tsx'
import { focusAfterNextDialog } from '../ui/common/focusAfterDialog.ts'
import { DesktopHeader } from '../ui/shell/DesktopHeader.tsx'
import { MobileTopBar } from '../ui/shell/MobileTopBar.tsx'
import { Sidebar } from '../ui/shell/Sidebar.tsx'
import { MD_UP_QUERY, useMediaQuery } from '../ui/common/useMediaQuery.ts'
import type { Profile } from '../actors/api.ts'
import { useLogout } from './session.ts'
import { useNotifications } from '../features/notifications/notifications.ts'
import { useGlobalSearch } from './useGlobalSearch.ts'
import { useSidebarCollapsed } from './useSidebarCollapsed.ts'
import { PATHS } from '../domain/paths.ts'

// The frame paints its bars at once; each panel they open is a chunk of its own.
const MobileDrawer = lazyPart(() =>
  import('../ui/shell/MobileDrawer.tsx').then((module) => module.MobileDrawer),
)
const UserMenuSheet = lazyPart(() =>
  import('../ui/shell/UserMenuSheet.tsx').then((module) => module.UserMenuSheet),
)
const NotificationsOverlay = lazyPart(() =>
  import('../ui/shell/NotificationsOverlay.tsx').then((module) => module.NotificationsOverlay),
)
const SettingsRoute = lazyPart(() =>
  import('../routes/settings/SettingsRoute.tsx').then((module) => module.SettingsRoute),
)

/** Pointing at or focusing a bar fetches the panels it opens. */
const prefetchDesktopPanels = () => {
  NotificationsOverlay.prefetch()
  SettingsRoute.prefetch()
}
const prefetchMobilePanels = () => {
  prefetchDesktopPanels()
  MobileDrawer.prefetch()
  UserMenuSheet.prefetch()
}

type Overlay = 'none' | 'drawer' | 'userSheet' | 'notifications' | 'settings'

/**
 * The bell of the frame drawn now. Every screen draws its own frame, so a notification that opens
 * another screen finds there the bell to give the focus back to.
 */
const bell: { current: HTMLButtonElement | null } = { current: null }
const focusBell = () => bell.current?.focus()

/** The signed-in frame: sidebar (drawer on phones), header or mobile top bar, and their panels. */
export function AppShell({ profile, children }: { profile: Profile; children: ReactNode }) {
  const { language, setLanguage } = useI18n()
  const [location, navigate] = useLocation()
  const [collapsed, toggleCollapsed] = useSidebarCollapsed()
  const [overlay, setOverlay] = useState<Overlay>('none')
  const search = useGlobalSearch()
  const logout = useLogout()
  const notifications = useNotifications(overlay === 'notifications')
  const items = navigationFor(profile.isAdmin, profile.workspace)
  const close = () => setOverlay('none')
  // Closed by Escape or its close button, the panel hands the focus back to the bell; so does
  // the dialog a notification opens (a stay's details), when it closes.
  const closeNotifications = () => {
    close()
    focusBell()
  }
  const openNotification = () => {
    closeNotifications()
    focusAfterNextDialog(() => bell.current)
  }
  // Opened by its address, the settings close onto the account's home screen under them.
  const atSettings = location === PATHS.settings
  const settingsOpen = overlay === 'settings' || (atSettings && overlay === 'none')
  const closeSettings = () => {
    setOverlay('none')
    if (atSettings) navigate(homePathOf(profile.workspace), { replace: true })
  }
  const toggle = (which: Overlay) => () => setOverlay((current) => (current === which ? 'none' : which))
  // Only the bars this screen size shows are drawn. Hidden by CSS, the sidebar and the
  // desktop header were a quarter of the calendar's first render on a phone, a third of the dashboard's.
  const wide = useMediaQuery(MD_UP_QUERY)

  return (
    <div className="flex min-h-screen">
      {wide && (
        <Sidebar
          items={items}
          currentPath={location}
          collapsed={collapsed}
          onToggleCollapsed={toggleCollapsed}
        />
      )}
      <WhenOpen open={overlay === 'drawer'}>
        <MobileDrawer.Component open onClose={close} items={items} currentPath={location} />
      </WhenOpen>
      <div className="relative flex min-w-0 flex-1 flex-col">
        {wide ? (
          <DesktopHeader
            user={profile}
            search={search}
            unreadCount={notifications.unreadCount}
            onOpenNotifications={toggle('notifications')}
            bellRef={bell}
            onOpenSettings={() => setOverlay('settings')}
            language={language}
            onLanguageChange={setLanguage}
            onLogout={() => logout.mutate()}
            onIntent={prefetchDesktopPanels}
          />
        ) : (
          <MobileTopBar
            user={profile}
            unreadCount={notifications.unreadCount}
            onOpenMenu={() => setOverlay('drawer')}
            onOpenNotifications={toggle('notifications')}
            bellRef={bell}
            onOpenProfile={() => setOverlay('settings')}
            onOpenUserMenu={() => setOverlay('userSheet')}
            onIntent={prefetchMobilePanels}
          />
        )}
        <WhenOpen open={overlay === 'notifications'}>
          <NotificationsOverlay.Component
            onClose={closeNotifications}
            onOpen={openNotification}
            groups={notifications.groups}
          />
        </WhenOpen>
        <main className="flex-1 px-4 py-6 md:px-8 md:py-8 print:p-0">{children}</main>
      </div>
      <WhenOpen open={overlay === 'userSheet'}>
        <UserMenuSheet.Component
          open
          onClose={close}
          user={profile}
          language={language}
          onLanguageChange={setLanguage}
          onOpenProfile={() => setOverlay('settings')}
          onOpenSettings={() => setOverlay('settings')}
          onLogout={() => logout.mutate()}
        />
      </WhenOpen>
      <WhenOpen open={settingsOpen}>
        <SettingsRoute.Component open onClose={closeSettings} profile={profile} />
      </WhenOpen>
    </div>
  )
}
