import type { ConfirmedActionState } from '../../machines/parts/confirmedAction.ts'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../common/form.tsx'
import { ConfirmStepDialog } from '../common/ConfirmStepDialog.tsx'

type Props = {
  state: ConfirmedActionState
  /** The platform the link is for; none: the private full feed. */
  platform?: string
  error?: string
  onOpen: () => void
  onConfirm: () => void
  onCancel: () => void
}

/** "New link" under a calendar link, and the confirmation that says who needs the new one. */
export function RotateLinkControl({ state, platform, error, onOpen, onConfirm, onCancel }: Props) {
  const { t } = useI18n()
  const text = platform
    ? {
        title: t('property.rotatePlatformTitle', { platform }),
        body: t('property.rotatePlatformText', { platform }),
      }
    : { title: t('property.rotatePrivateTitle'), body: t('property.rotatePrivateText') }
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          type="button"
          variant="secondary"
          onClick={onOpen}
          data-testid={platform ? 'rotate-platform-link' : 'rotate-calendar-link'}
          className="h-9"
        >
          {t('property.rotateLink')}
        </Button>
        <p className="text-xs text-slate-500">{t('property.rotateHint')}</p>
      </div>
      <ConfirmStepDialog
        state={state}
        title={text.title}
        body={text.body}
        error={error}
        confirmLabel={t('property.rotateConfirm')}
        testId="rotate-link-dialog"
        confirmTestId="confirm-rotate"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </>
  )
}
