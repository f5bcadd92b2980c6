import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { useInertPage } from '../common/inertPage.ts'

/** A panel that rises from the bottom edge: the phone-sized form of menus and confirmations. */
export function BottomSheet({
  open,
  onClose,
  title,
  children,
  testId,
}: {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  testId?: string
}) {
  const panelRef = useInertPage(open)
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel
        ref={panelRef}
        data-testid={testId}
        className="fixed inset-x-0 bottom-0 max-h-[85vh] overflow-y-auto rounded-t-3xl bg-white px-4 pt-3 pb-6 shadow-2xl"
      >
        <div className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-slate-300" aria-hidden="true" />
        <DialogTitle className="sr-only">{title}</DialogTitle>
        {children}
      </DialogPanel>
    </Dialog>
  )
}
