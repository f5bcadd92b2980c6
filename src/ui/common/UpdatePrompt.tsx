import { NeedsWords, useI18n } from '../../i18n.tsx'
import { Button } from './form.tsx'

type Props = { onReload: () => void; onLater: () => void }

/** A new version is ready; it is swapped in only when the person says so. */
export function UpdatePrompt(props: Props) {
  return (
    <NeedsWords part="occasional">
      <Prompt {...props} />
    </NeedsWords>
  )
}

function Prompt({ onReload, onLater }: Props) {
  const { t } = useI18n()
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-3 z-70 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="min-w-0 flex-1">{t('update.ready')}</p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" onClick={onLater}>
          {t('update.later')}
        </Button>
        <Button type="button" onClick={onReload}>
          {t('update.reload')}
        </Button>
      </div>
    </div>
  )
}
