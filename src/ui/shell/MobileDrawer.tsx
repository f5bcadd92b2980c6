import { Dialog, DialogPanel } from '@headlessui/react'
import type { NavigationItem } from '../../domain/navigation.ts'
import { useI18n } from '../../i18n.tsx'
import { CloseIcon } from '../common/icons.tsx'
import { useInertPage } from '../common/inertPage.ts'
import { Logo } from '../common/Logo.tsx'
import { NavigationList } from './NavigationList.tsx'

type Props = {
  open: boolean
  onClose: () => void
  items: { main: NavigationItem[]; admin: NavigationItem[] }
  currentPath: string
}

/** Under 768 px the sidebar is a 280 px drawer from the inline start. */
export function MobileDrawer({ open, onClose, items, currentPath }: Props) {
  const { t } = useI18n()
  const panelRef = useInertPage(open)
  return (
    // Named as its navigation is: a dialog without a name is announced as just "dialog".
    <Dialog open={open} onClose={onClose} aria-label={t('nav.main')} className="relative z-50 md:hidden">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel
        ref={panelRef}
        data-testid="drawer"
        className="fixed top-(--offline-bar) bottom-0 start-0 flex w-[280px] flex-col bg-white px-4 shadow-xl"
      >
        <div className="flex h-16 items-center justify-between">
          <Logo />
          <button
            type="button"
            onClick={onClose}
            aria-label={t('nav.closeMenu')}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto pb-6">
          <NavigationList items={items} currentPath={currentPath} onNavigate={onClose} />
        </div>
      </DialogPanel>
    </Dialog>
  )
}
