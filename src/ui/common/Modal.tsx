import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { useI18n } from '../../i18n.tsx'
import { CloseIcon } from './icons.tsx'
import { useInertPage } from './inertPage.ts'

type Props = {
  open: boolean
  onClose: () => void
  /** A name someone wrote comes isolated (`<bdi>`), as the property modal's does. */
  title: ReactNode
  children: ReactNode
  /** Tailwind max-width class of the panel on wide screens. */
  widthClass?: string
  /**
   * On wide screens, `centre` (the default) or `top`: a panel whose content changes height
   * (modes, tabs) keeps its top edge still instead of moving up and down with every change.
   */
  placement?: 'centre' | 'top'
  testId?: string
}

/** A dialog centred (or held near the top) on wide screens that fills a phone's screen from the bottom. */
export function Modal({
  open,
  onClose,
  title,
  children,
  widthClass = 'md:max-w-[728px]',
  placement = 'centre',
  testId,
}: Props) {
  const { t } = useI18n()
  const panelRef = useInertPage(open)
  const wide = placement === 'top' ? 'md:items-start md:px-6 md:pt-[6vh]' : 'md:items-center md:p-6'
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className={`fixed inset-x-0 top-(--offline-bar) bottom-0 flex items-end justify-center ${wide}`}>
        <DialogPanel
          ref={panelRef}
          data-testid={testId}
          className={`flex max-h-[calc(92vh-var(--offline-bar))] w-full flex-col overflow-hidden rounded-t-3xl bg-white shadow-2xl md:rounded-3xl ${widthClass}`}
        >
          {/* Not a <header>: outside the page's landmarks it would be a second banner. */}
          <div className="flex items-center justify-between border-b border-slate-100 px-6 py-4">
            <DialogTitle className="min-w-0 text-lg font-semibold wrap-break-word">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('app.close')}
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="overflow-y-auto px-6 py-5">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
