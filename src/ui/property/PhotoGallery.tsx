import { useId, useRef, type ChangeEvent } from 'react'
import { useI18n } from '../../i18n.tsx'
import { FieldError } from '../common/form.tsx'
import { CloseIcon } from '../common/icons.tsx'
import { PhotoIcon, PlusIcon } from '../common/appIcons.tsx'

export type GalleryPhoto = { key: string; url: string; thumbnailUrl: string }

/** The photo types the server accepts (docs/product.md §13.4). */
const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/avif'

type Props = {
  photos: GalleryPhoto[]
  /** The photo shown large; the first one when absent. */
  mainKey?: string
  /**
   * Given: every photo is a thumbnail and a click shows it large (a lone photo needs no thumbnail).
   * Absent: the rest after the first.
   */
  onSelect?: (key: string) => void
  onRemove?: (key: string) => void
  onAdd?: (files: File[]) => void
  /** Why the server refused the photos (more than a property or an account may hold), shown under them. */
  error?: string
}

function RemoveButton({ onClick, small }: { onClick: () => void; small?: boolean }) {
  const { t } = useI18n()
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation()
        onClick()
      }}
      aria-label={t('property.removePhoto')}
      data-testid="remove-photo"
      className={`absolute end-1 top-1 flex items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-red-600 ${small ? 'size-6' : 'size-7'}`}
    >
      <CloseIcon width={small ? 14 : 16} height={small ? 14 : 16} />
    </button>
  )
}

/**
 * A main photo 196 px high over 60 px thumbnails. In the add form the first photo is
 * the main one; in the editor a thumbnail click shows that photo large.
 */
export function PhotoGallery({ photos, mainKey, onSelect, onRemove, onAdd, error }: Props) {
  const { t } = useI18n()
  const input = useRef<HTMLInputElement>(null)
  const errorId = useId()
  // The controls that add photos are what the refusal is about.
  const refused = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  }
  const main = photos.find((photo) => photo.key === mainKey) ?? photos[0]
  const thumbnails = onSelect && photos.length > 1 ? photos : photos.slice(1)
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    // Cleared so that picking the same file again after removing it still reports a change.
    event.target.value = ''
    if (files.length) onAdd?.(files)
  }
  const openPicker = () => input.current?.click()

  return (
    <div className="flex flex-col gap-3" data-testid="photo-gallery">
      {main ? (
        <div className="relative h-[196px] overflow-hidden rounded-2xl bg-slate-100">
          <img
            src={main.url}
            alt={t('property.mainPhoto')}
            data-testid="main-photo"
            className="size-full object-cover"
          />
          {onRemove && <RemoveButton onClick={() => onRemove(main.key)} />}
        </div>
      ) : (
        <button
          type="button"
          onClick={openPicker}
          disabled={!onAdd}
          {...refused}
          data-testid="no-photo"
          className={`flex h-[196px] flex-col items-center justify-center gap-2 rounded-2xl text-sm text-slate-500 ${
            onAdd
              ? 'border-2 border-dashed border-slate-300 bg-slate-50 hover:border-brand-500 hover:text-brand-700'
              : 'bg-slate-100'
          }`}
        >
          <PhotoIcon width={28} height={28} />
          {onAdd ? t('property.addPhotos') : t('property.noPhotos')}
        </button>
      )}
      {(thumbnails.length > 0 || (onAdd && main)) && (
        <ul className="flex flex-wrap gap-2">
          {thumbnails.map((photo, index) => (
            <li key={photo.key} className="relative size-[60px]">
              <button
                type="button"
                onClick={() => onSelect?.(photo.key)}
                disabled={!onSelect}
                aria-label={t('property.showPhoto', { index: index + 1 })}
                aria-pressed={onSelect ? photo.key === main?.key : undefined}
                data-testid="photo-thumbnail"
                className={`block size-full overflow-hidden rounded-lg ring-offset-1 ${
                  onSelect && photo.key === main?.key ? 'ring-2 ring-brand-600' : 'ring-1 ring-slate-200'
                }`}
              >
                <img src={photo.thumbnailUrl} alt="" className="size-full object-cover" />
              </button>
              {onRemove && <RemoveButton small onClick={() => onRemove(photo.key)} />}
            </li>
          ))}
          {onAdd && main && (
            <li>
              <button
                type="button"
                onClick={openPicker}
                aria-label={t('property.addPhotos')}
                {...refused}
                className="flex size-[60px] items-center justify-center rounded-lg border-2 border-dashed border-slate-300 text-slate-500 hover:border-brand-500 hover:text-brand-700"
              >
                <PlusIcon />
              </button>
            </li>
          )}
        </ul>
      )}
      {onAdd && (
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_TYPES}
          multiple
          onChange={pick}
          data-testid="photo-input"
          className="hidden"
        />
      )}
      <FieldError id={errorId} message={error} />
    </div>
  )
}
