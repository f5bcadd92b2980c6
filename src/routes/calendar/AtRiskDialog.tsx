import { useEffect } from 'react'
import { useI18n } from '../../i18n.tsx'
import { Modal } from '../../ui/common/Modal.tsx'
import type { MarkTarget } from '../../ui/calendar/atRiskMarks.tsx'
import { platformLabel } from '../../ui/property/PlatformLinks.tsx'
import { markedPlatform, useExposure } from '../../features/imports/exposure.ts'
import { AtRiskOnPlatform } from '../properties/AtRiskOnPlatform.tsx'

/**
 * What a mark on the calendar opens: that platform's nights at risk of the property, what to do
 * about them and "I closed them", as under the platform's link on the property. It closes by
 * itself once the platform has imported them all.
 */
export function AtRiskDialog({ target, onClose }: { target: MarkTarget | null; onClose: () => void }) {
  const { t } = useI18n()
  const exposure = useExposure()
  const marked = target && markedPlatform(exposure.data, target)
  // Imported meanwhile: nothing is left to do, and no later run of it reopens the dialog.
  const gone = target !== null && exposure.data !== undefined && marked === null
  useEffect(() => {
    if (gone) onClose()
  }, [gone, onClose])
  return (
    <Modal
      open={marked !== null}
      onClose={onClose}
      title={t('atRisk.dialogTitle', { platform: platformLabel(t, target?.platformName ?? '') })}
      widthClass="md:max-w-[480px]"
      testId="at-risk-dialog"
    >
      {marked && target && (
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium text-slate-700">
            <bdi>{marked.propertyName}</bdi>
          </p>
          <AtRiskOnPlatform propertyId={target.propertyId} feed={marked.feed} />
        </div>
      )}
    </Modal>
  )
}
