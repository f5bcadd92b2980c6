import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { useI18n } from '../i18n.tsx'
import { CloseIcon } from './icons.tsx'

type Props = {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  /** Tailwind max-width class of the panel on wide screens. */
  widthClass?: string
  testId?: string
}

/** A centred dialog on wide screens that fills the phone-sized screen from the bottom. */
export function Modal({ open, onClose, title, children, widthClass = 'md:max-w-[728px]', testId }: Props) {
  const { t } = useI18n()
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center md:items-center md:p-6">
        <DialogPanel
          data-testid={testId}
          className={`flex max-h-[92vh] w-full flex-col overflow-hidden rounded-t-3xl bg-white shadow-2xl md:rounded-3xl ${widthClass}`}
        >
          <header className="flex items-center justify-between border-b border-slate-100 px-6 py-4">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('app.close')}
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100"
            >
              <CloseIcon />
            </button>
          </header>
          <div className="overflow-y-auto px-6 py-5">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
