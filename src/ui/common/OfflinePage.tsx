import { NeedsWords, useI18n } from '../../i18n.tsx'
import { Button } from './form.tsx'
import { FullPageSpinner } from './Spinner.tsx'

/**
 * With no network the cached shell still opens, but nothing it would show is cached
 * (the API never is): it says so in the reader's language instead of a blank or broken screen.
 * Its words are among the occasional ones, which the service worker keeps with the build.
 */
export function OfflinePage({ onRetry }: { onRetry: () => void }) {
  return (
    <NeedsWords part="occasional" fallback={<FullPageSpinner />}>
      <Offline onRetry={onRetry} />
    </NeedsWords>
  )
}

function Offline({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n()
  return (
    <main
      data-testid="offline-page"
      className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-12 text-slate-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path
          strokeLinecap="round"
          d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 4.2-2.6M12 8a10 10 0 0 1 7 3M2 8.8a15 15 0 0 1 4-2.6M12 4a15 15 0 0 1 10 4.8M12 20h.01"
        />
      </svg>
      <h1 className="text-xl font-semibold text-slate-900">{t('offline.title')}</h1>
      <p className="max-w-md text-sm leading-6 text-slate-600">{t('offline.body')}</p>
      <Button type="button" onClick={onRetry}>
        {t('offline.retry')}
      </Button>
    </main>
  )
}
