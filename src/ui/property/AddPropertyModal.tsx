import { useState, type FormEvent } from 'react'
import {
  canCreate,
  draftProblems,
  EMPTY_DRAFT,
  hasProblems,
  isDraftDirty,
  type DraftProblems,
} from '../../domain/property.ts'
import { useI18n } from '../../i18n.tsx'
import type { NewProperty } from '../../machines/addProperty.ts'
import { Button } from '../form.tsx'
import { Modal } from '../Modal.tsx'
import { ConfirmDiscardDialog } from './ConfirmDiscardDialog.tsx'
import { PhotoGallery } from './PhotoGallery.tsx'
import { PlatformLinks, type PlatformChoices } from './PlatformLinks.tsx'
import { PropertyFormFields } from './PropertyFormFields.tsx'
import { usePickedPhotos } from './usePickedPhotos.ts'

type Props = {
  busy: boolean
  choices: PlatformChoices
  /** Issue 15: the "Discard this property?" question is showing over the form. */
  confirmingDiscard: boolean
  onSubmit: (property: NewProperty) => void
  /** Escape, a click outside, or the close button; `dirty` when something would be lost. */
  onClose: (dirty: boolean) => void
  onKeepEditing: () => void
  onDiscard: () => void
}

/** SPEC 2, add-property modal: photos, the fields, platform links; submit needs a name and a country. */
export function AddPropertyModal({
  busy,
  choices,
  confirmingDiscard,
  onSubmit,
  onClose,
  onKeepEditing,
  onDiscard,
}: Props) {
  const { t } = useI18n()
  const [draft, setDraft] = useState(EMPTY_DRAFT)
  const photos = usePickedPhotos()
  // Issue 15: problems show at their fields once the host has tried to add, and follow the typing.
  const [tried, setTried] = useState(false)
  const problems: DraftProblems = tried ? draftProblems(draft) : {}
  const message = (field: string) => {
    const problem = problems[field]
    return problem ? t(problem.key, problem.values) : undefined
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (hasProblems(draftProblems(draft))) return
    onSubmit({ draft, photos: photos.photos.map((photo) => photo.file) })
  }
  return (
    <Modal
      open
      onClose={
        busy || confirmingDiscard ? () => {} : () => onClose(isDraftDirty(draft, photos.photos.length))
      }
      title={t('property.addTitle')}
      testId="add-property-modal"
    >
      <form onSubmit={submit} className="flex flex-col gap-6" noValidate>
        <PhotoGallery
          photos={photos.photos.map(({ key, url }) => ({ key, url, thumbnailUrl: url }))}
          onRemove={busy ? undefined : photos.remove}
          onAdd={busy ? undefined : photos.add}
        />
        <PropertyFormFields
          draft={draft}
          onChange={setDraft}
          disabled={busy}
          errors={{
            name: message('name'),
            addressText: message('addressText'),
            capacity: message('capacity'),
            costPerNight: message('costPerNight'),
            description: message('description'),
          }}
        />
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-slate-700">{t('property.platforms')}</h3>
          <PlatformLinks
            links={draft.platforms}
            onChange={(platforms) => setDraft({ ...draft, platforms })}
            choices={choices}
            disabled={busy}
            errorOf={(link) => message(`link:${link.platformName}`)}
          />
        </section>
        <Button type="submit" busy={busy} disabled={!canCreate(draft)} data-testid="submit-property">
          {t('property.submit')}
        </Button>
      </form>
      <ConfirmDiscardDialog open={confirmingDiscard} onKeepEditing={onKeepEditing} onDiscard={onDiscard} />
    </Modal>
  )
}
