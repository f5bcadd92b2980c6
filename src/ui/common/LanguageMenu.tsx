import { LANGUAGES, type Language } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { ChevronDownIcon, GlobeIcon } from './icons.tsx'
import { DeferredMenu } from './DeferredMenu.tsx'

const SHORT: Record<Language, string> = { en: 'language.shortEn', ar: 'language.shortAr' }

export function LanguageMenu({
  language,
  onChange,
}: {
  language: Language
  onChange: (language: Language) => void
}) {
  const { t } = useI18n()
  return (
    <DeferredMenu
      face={{
        'data-testid': 'language-menu',
        className:
          'flex h-10 items-center gap-1.5 rounded-xl border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50',
        children: (
          <>
            <GlobeIcon width={18} height={18} />
            {/* The name says what the button is and holds the visible text (WCAG 2.5.3). */}
            <span className="sr-only">{t('language.label')}: </span>
            {t(SHORT[language])}
            <ChevronDownIcon width={16} height={16} />
          </>
        ),
      }}
      panelClassName="z-50 w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
      items={LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          onClick={() => onChange(option)}
          aria-current={option === language ? 'true' : undefined}
          className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-sm text-slate-700 data-[focus]:bg-slate-100"
        >
          <span>{t(`language.${option}`)}</span>
          <span className="text-xs text-slate-500">{t(SHORT[option])}</span>
        </button>
      ))}
    />
  )
}
