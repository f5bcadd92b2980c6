import { useState, type FormEvent, type RefObject } from 'react'
import { useDirtyReport, useReportDirty } from '../common/dirtyReport.ts'
import { useI18n } from '../../i18n.tsx'
import { DialogActions, FormError, TextField } from '../common/form.tsx'
import { SelectField } from '../common/SelectField.tsx'
import { Modal } from '../common/Modal.tsx'

type Props = {
  open: boolean
  platformName: string
  properties: readonly { id: string; name: string }[]
  /** The ids of the properties it offers: those the platform does not link yet. */
  offered: readonly string[]
  /** The property chosen when the dialog opens. */
  propertyId: string
  /** What is wrong with the chosen property or the link, shown at each. */
  fieldErrors?: Partial<Record<'propertyId' | 'urlPath', string>>
  /** A refusal that is about neither. */
  error?: string
  busy: boolean
  onSubmit: (link: { propertyId: string; urlPath: string }) => void
  /** Cancel, Escape or a click outside; `dirty` when a link was typed or pasted. */
  onCancel: (dirty: boolean) => void
}

type FormProps = Omit<Props, 'open'> & { dirtyRef: RefObject<boolean> }

/** Lives inside the dialog, so each opening starts from the first unlinked property and an empty link. */
function ConnectForm({
  platformName,
  properties,
  offered,
  propertyId,
  fieldErrors = {},
  error,
  busy,
  onSubmit,
  onCancel,
  dirtyRef,
}: FormProps) {
  const { t } = useI18n()
  const choices = properties.filter((property) => offered.includes(property.id))
  const [chosen, setChosen] = useState(propertyId)
  const [urlPath, setUrlPath] = useState('')
  const dirty = urlPath.trim() !== ''
  useReportDirty(dirtyRef, dirty)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit({ propertyId: chosen, urlPath })
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <SelectField
        id="connect-property"
        label={t('integration.property')}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        error={fieldErrors.propertyId}
      >
        {choices.map((property) => (
          <option key={property.id} value={property.id} dir="auto">
            {property.name}
          </option>
        ))}
      </SelectField>
      <TextField
        name="urlPath"
        type="url"
        dir="ltr"
        label={t('integration.link', { platform: platformName })}
        placeholder="https://…/calendar.ics"
        value={urlPath}
        error={fieldErrors.urlPath}
        onChange={(event) => setUrlPath(event.target.value)}
        hint={
          <p className="text-xs text-slate-500">{t('integration.linkHint', { platform: platformName })}</p>
        }
      />
      <FormError message={error} />
      <DialogActions busy={busy} onCancel={() => onCancel(dirty)} confirmLabel={t('integration.connect')} />
    </form>
  )
}

/** Choose one of the host's properties and paste the platform's calendar (iCal) link. */
export function ConnectPlatformDialog({ open, ...form }: Props) {
  const { t } = useI18n()
  const dirtyRef = useDirtyReport()
  return (
    <Modal
      open={open}
      onClose={form.busy ? () => {} : () => form.onCancel(dirtyRef.current)}
      title={t('integration.dialogTitle', { platform: form.platformName })}
      widthClass="md:max-w-[480px]"
      testId="connect-dialog"
    >
      <ConnectForm {...form} dirtyRef={dirtyRef} />
    </Modal>
  )
}
