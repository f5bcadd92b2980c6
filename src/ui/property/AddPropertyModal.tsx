import { useState, type FormEvent } from 'react'
import { canCreate, EMPTY_DRAFT } from '../../domain/property.ts'
import { useI18n } from '../../i18n.tsx'
import type { NewProperty } from '../../machines/addProperty.ts'
import { Button } from '../form.tsx'
import { Modal } from '../Modal.tsx'
import { PhotoGallery } from './PhotoGallery.tsx'
import { PlatformLinks, type PlatformChoices } from './PlatformLinks.tsx'
import { PropertyFormFields } from './PropertyFormFields.tsx'
import { usePickedPhotos } from './usePickedPhotos.ts'

type Props = {
  busy: boolean
  choices: PlatformChoices
  onSubmit: (property: NewProperty) => void
  onClose: () => void
}

/** SPEC 2, add-property modal: photos, the fields, platform links; submit needs a name and a country. */
export function AddPropertyModal({ busy, choices, onSubmit, onClose }: Props) {
  const { t } = useI18n()
  const [draft, setDraft] = useState(EMPTY_DRAFT)
  const photos = usePickedPhotos()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit({ draft, photos: photos.photos.map((photo) => photo.file) })
  }
  return (
    <Modal
      open
      onClose={busy ? () => {} : onClose}
      title={t('property.addTitle')}
      testId="add-property-modal"
    >
      <form onSubmit={submit} className="flex flex-col gap-6" noValidate>
        <PhotoGallery
          photos={photos.photos.map(({ key, url }) => ({ key, url, thumbnailUrl: url }))}
          onRemove={busy ? undefined : photos.remove}
          onAdd={busy ? undefined : photos.add}
        />
        <PropertyFormFields draft={draft} onChange={setDraft} disabled={busy} />
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-slate-700">{t('property.platforms')}</h3>
          <PlatformLinks
            links={draft.platforms}
            onChange={(platforms) => setDraft({ ...draft, platforms })}
            choices={choices}
            disabled={busy}
          />
        </section>
        <Button type="submit" busy={busy} disabled={!canCreate(draft)} data-testid="submit-property">
          {t('property.submit')}
        </Button>
      </form>
    </Modal>
  )
}
