import type { ReactNode } from 'react'
import type { Language } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { Logo } from '../common/Logo.tsx'
import { LanguageMenu } from '../common/LanguageMenu.tsx'

type Props = {
  /** Left out while a splash fills the card: its own title is then the page's heading. */
  title?: string
  subtitle?: ReactNode
  children: ReactNode
  language: Language
  onLanguageChange: (l: Language) => void
}

/** The frame of every signed-out screen: a brand panel on wide screens and the form card. */
export function AuthLayout({ title, subtitle, children, language, onLanguageChange }: Props) {
  const { t } = useI18n()
  return (
    <div className="flex min-h-screen">
      <aside className="relative hidden w-[44%] flex-col justify-between overflow-hidden bg-brand-800 p-12 text-white lg:flex">
        <div className="absolute -end-24 -top-24 size-96 rounded-full bg-brand-700/60" aria-hidden="true" />
        <div
          className="absolute -bottom-32 -start-16 size-96 rounded-full bg-brand-600/40"
          aria-hidden="true"
        />
        <span className="relative flex items-center gap-3 text-xl font-semibold">
          <svg viewBox="0 0 32 32" width={36} height={36} aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="#fff" />
            <path d="M8 16.5 16 9l8 7.5V24a1 1 0 0 1-1 1h-4.5v-5h-5v5H9a1 1 0 0 1-1-1z" fill="#0f766e" />
          </svg>
          {t('app.name')}
        </span>
        <div className="relative">
          <p className="text-3xl leading-snug font-semibold">{t('app.tagline')}</p>
          <p className="mt-4 max-w-md text-brand-100">{t('auth.pitch')}</p>
        </div>
      </aside>
      {/* min-w-0: the column never widens past the window for one long word in it. */}
      <main className="flex min-w-0 flex-1 flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <span className="lg:invisible">
            <Logo />
          </span>
          <LanguageMenu language={language} onChange={onLanguageChange} />
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          {title && (
            <>
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
              {subtitle && <div className="mt-2 text-sm text-slate-500">{subtitle}</div>}
            </>
          )}
          <div className={title ? 'mt-8' : undefined}>{children}</div>
        </div>
      </main>
    </div>
  )
}
