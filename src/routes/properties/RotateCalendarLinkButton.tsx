import toast from 'react-hot-toast'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../../ui/form.tsx'
import { useRotateInternalCalendar } from './queries.ts'

/**
 * DESIGN 5: the export link is a secret that can leak; "New link" replaces it, and the old one
 * stops working at once (the platforms then need the new one).
 */
export function RotateCalendarLinkButton({ propertyId }: { propertyId: string }) {
  const { t } = useI18n()
  const rotate = useRotateInternalCalendar(propertyId)
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        type="button"
        variant="secondary"
        busy={rotate.isPending}
        onClick={() =>
          rotate.mutate(undefined, {
            onSuccess: () => toast.success(t('property.linkRotated')),
            onError: (failure) => toast.error(failure.message || t('property.rotateFailed')),
          })
        }
        data-testid="rotate-calendar-link"
        className="h-9"
      >
        {t('property.rotateLink')}
      </Button>
      <p className="text-xs text-slate-500">{t('property.rotateHint')}</p>
    </div>
  )
}
