import { useState, type FormEvent } from 'react'
import { canCreate, EMPTY_DRAFT, isDraftDirty } from '../../domain/property.ts'
import { useI18n } from '../../i18n.tsx'
import type { NewProperty } from '../../machines/property/addProperty.ts'
import type { Feedback } from '../../machines/parts/feedback.ts'
import { Button } from '../common/form.tsx'
import { Modal } from '../common/Modal.tsx'
import { ConfirmDiscardDialog } from '../common/ConfirmDiscardDialog.tsx'
import { PhotoGallery } from './PhotoGallery.tsx'
import { PlatformLinks, type PlatformChoices } from './PlatformLinks.tsx'
import { PropertyFormFields } from './PropertyFormFields.tsx'
import { useDraftProblems } from './useDraftProblems.ts'
import { usePickedPhotos } from './usePickedPhotos.ts'

type Props = {
  busy: boolean
  choices: PlatformChoices
  /** The "Discard this property?" question is showing over the form. */
  confirmingDiscard: boolean
  /** The server's last refusal: its sentences show at their fields. */
  refusal?: Feedback
  onSubmit: (property: NewProperty) => void
  /** Escape, a click outside, or the close button; `dirty` when something would be lost. */
  onClose: (dirty: boolean) => void
  onKeepEditing: () => void
  onDiscard: () => void
}

/**
 * The add-property modal (docs/product.md §2.9): photos, the fields, platform links; submit needs a
 * name and a country.
 */
export function AddPropertyModal({
  busy,
  choices,
  confirmingDiscard,
  refusal,
  onSubmit,
  onClose,
  onKeepEditing,
  onDiscard,
}: Props) {
  const { t } = useI18n()
  const [draft, setDraft] = useState(EMPTY_DRAFT)
  const photos = usePickedPhotos()
  // Problems show at their fields once the host has tried to add, and follow the typing.
  const problems = useDraftProblems(draft, refusal)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!problems.check()) return
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
          error={problems.photoError}
        />
        <PropertyFormFields draft={draft} onChange={setDraft} disabled={busy} errors={problems.fieldErrors} />
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-slate-700">{t('property.platforms')}</h3>
          <PlatformLinks
            links={draft.platforms}
            onChange={(platforms) => setDraft({ ...draft, platforms })}
            choices={choices}
            disabled={busy}
            errorOf={problems.linkError}
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
