import { useState, type FormEvent } from 'react'
import type { CleanerLink } from '../../../contract/turnover.ts'
import type { CleanerLinkValues, CreateCleanerLinkState } from '../../machines/cleaning/createCleanerLink.ts'
import { LANGUAGES, type Language } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { Button, DialogActions, FieldError, FormError, TextField } from '../common/form.tsx'
import { SelectField } from '../common/SelectField.tsx'
import { Modal } from '../common/Modal.tsx'
import { CleanerLinkAddresses } from './CleanerLinkList.tsx'

type Field = 'name' | 'propertyIds' | 'email'

type Props = {
  state: CreateCleanerLinkState
  /** What the form holds as it opens (the machine's last values). */
  values: CleanerLinkValues
  properties: readonly { id: string; name: string }[]
  fieldErrors?: Partial<Record<Field, string>>
  /** A refusal that is about no one field: the quota, the hour's mails, the network. */
  error?: string
  /** The link just made, shown once `created`. */
  link?: CleanerLink
  onSubmit: (values: CleanerLinkValues) => void
  onCancel: () => void
  onClose: () => void
}

/** "New cleaner link": the form, then the new link's addresses to copy. */
export function CleanerLinkDialog({ state, link, onCancel, onClose, ...form }: Props) {
  const { t } = useI18n()
  const busy = state === 'creating'
  const created = state === 'created' && link
  return (
    <Modal
      open={state !== 'closed'}
      onClose={busy ? () => {} : created ? onClose : onCancel}
      title={t('turnovers.links.dialogTitle')}
      widthClass="md:max-w-[560px]"
      placement="top"
      testId="cleaner-link-dialog"
    >
      {created ? (
        <Created link={link} onClose={onClose} />
      ) : (
        <LinkForm {...form} busy={busy} onCancel={onCancel} />
      )}
    </Modal>
  )
}

function Created({ link, onClose }: { link: CleanerLink; onClose: () => void }) {
  const { t } = useI18n()
  return (
    <div className="flex flex-col gap-4" data-testid="cleaner-link-created">
      <p className="text-sm text-slate-700">{t('turnovers.links.createdText', { name: link.name })}</p>
      <CleanerLinkAddresses link={link} />
      {link.email && (
        <p
          className="rounded-xl bg-brand-50 px-3.5 py-2.5 text-sm text-brand-800"
          data-testid="confirmation-sent"
        >
          {t('turnovers.links.mailSent', { email: link.email })}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="button" onClick={onClose}>
          {t('turnovers.links.done')}
        </Button>
      </div>
    </div>
  )
}

type FormProps = Pick<Props, 'values' | 'properties' | 'fieldErrors' | 'error' | 'onSubmit' | 'onCancel'> & {
  busy: boolean
}

/** Lives inside the dialog, so each opening starts from the machine's fresh values. */
function LinkForm({ values, properties, fieldErrors = {}, error, busy, onSubmit, onCancel }: FormProps) {
  const { t } = useI18n()
  const [name, setName] = useState(values.name)
  const [chosen, setChosen] = useState<readonly string[]>(values.propertyIds)
  const [email, setEmail] = useState(values.email)
  const [language, setLanguage] = useState<Language>(values.language)
  const all = properties.length > 0 && properties.every((property) => chosen.includes(property.id))
  const toggle = (id: string, on: boolean) =>
    setChosen((before) => (on ? [...before, id] : before.filter((each) => each !== id)))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // In the list's order, whatever order they were ticked in.
    const propertyIds = properties.map((property) => property.id).filter((id) => chosen.includes(id))
    onSubmit({ name, propertyIds, email, language })
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        name="name"
        label={t('turnovers.links.name')}
        value={name}
        maxLength={100}
        autoComplete="off"
        error={fieldErrors.name}
        onChange={(event) => setName(event.target.value)}
        hint={<p className="text-xs text-slate-500">{t('turnovers.links.nameHint')}</p>}
      />
      <fieldset
        aria-invalid={fieldErrors.propertyIds ? true : undefined}
        aria-describedby={fieldErrors.propertyIds ? 'cleaner-link-properties-error' : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-1.5 text-sm font-medium text-slate-700">
          {t('turnovers.links.properties')}
        </legend>
        <label className="flex items-center gap-2.5 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={all}
            ref={(box) => {
              if (box) box.indeterminate = !all && chosen.length > 0
            }}
            onChange={(event) =>
              setChosen(event.target.checked ? properties.map((property) => property.id) : [])
            }
            className="size-4 accent-brand-700"
          />
          {t('turnovers.links.allProperties')}
        </label>
        <ul className="flex max-h-48 flex-col gap-2 overflow-y-auto rounded-xl border border-slate-200 p-3">
          {properties.map((property) => (
            <li key={property.id}>
              <label className="flex items-center gap-2.5 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="propertyIds"
                  value={property.id}
                  checked={chosen.includes(property.id)}
                  onChange={(event) => toggle(property.id, event.target.checked)}
                  className="size-4 accent-brand-700"
                />
                <bdi className="wrap-anywhere">{property.name}</bdi>
              </label>
            </li>
          ))}
        </ul>
        <FieldError id="cleaner-link-properties-error" message={fieldErrors.propertyIds} />
      </fieldset>
      <TextField
        name="email"
        type="email"
        dir="ltr"
        label={t('turnovers.links.emailOptional')}
        value={email}
        autoComplete="off"
        error={fieldErrors.email}
        onChange={(event) => setEmail(event.target.value)}
        hint={<p className="text-xs text-slate-500">{t('turnovers.links.emailHint')}</p>}
      />
      <SelectField
        id="cleaner-link-language"
        label={t('turnovers.links.language')}
        value={language}
        onChange={(event) => setLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((each) => (
          <option key={each} value={each} lang={each}>
            {t(`language.${each}`)}
          </option>
        ))}
      </SelectField>
      <FormError message={error} />
      <DialogActions busy={busy} onCancel={onCancel} confirmLabel={t('turnovers.links.create')} />
    </form>
  )
}
