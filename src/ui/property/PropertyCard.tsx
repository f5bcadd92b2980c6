import { useState, type MouseEvent, type ReactNode } from 'react'
import type { Property } from '../../../contract/property.ts'
import { locationLine } from '../../domain/address.ts'
import { useI18n } from '../../i18n.tsx'
import { Badge, type BadgeTone } from '../common/Badge.tsx'
import { useFormat } from '../common/format.ts'
import { Heading } from '../common/Heading.tsx'
import { GuestsIcon, MapPinIcon, PhotoIcon } from '../common/appIcons.tsx'
import { Spinner } from '../common/Spinner.tsx'
import { FailingFeedsNote, isFailingFeed } from './SyncStatus.tsx'

/** The status badge values, each with its colour; anything else reads as Available. */
const STATUS_TONES: Record<string, BadgeTone> = { Available: 'green', Booked: 'brand', Maintenance: 'amber' }

export function StatusBadge({ status }: { status: string }) {
  const { t } = useI18n()
  const known = status in STATUS_TONES ? status : 'Available'
  return <Badge tone={STATUS_TONES[known] ?? 'green'}>{t(`property.status.${known}`)}</Badge>
}

/** "Shared with you by {owner}": a property another host shares with the reader (docs/product.md §2.10). */
export function SharedMark({ sharedBy }: { sharedBy: NonNullable<Property['sharedBy']> }) {
  const { t } = useI18n()
  return (
    <p data-testid="shared-mark" className="truncate text-xs font-medium text-brand-700">
      {t('property.sharedBy', { name: sharedBy.ownerName })}
    </p>
  )
}

/**
 * The first photo: a spinner until it has loaded, a grey box when there is none. The
 * photo lies over the spinner and shows the moment the browser has it, not after a fade started
 * by its load event: on a phone, that round through the app held the largest paint of the
 * properties screen back by about half a second.
 */
function CoverPhoto({ url, alt }: { url?: string; alt: string }) {
  const { t } = useI18n()
  const [shown, setShown] = useState<'loading' | 'loaded' | 'failed'>('loading')
  if (!url || shown === 'failed') {
    return (
      <div
        data-testid="card-no-photo"
        className="flex size-full items-center justify-center bg-slate-200 text-slate-400"
      >
        <PhotoIcon width={32} height={32} />
      </div>
    )
  }
  return (
    <div className="relative size-full bg-slate-100">
      {shown === 'loading' && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner label={t('property.photoLoading')} className="[&>span:last-child]:sr-only" />
        </div>
      )}
      <img
        src={url}
        alt={alt}
        loading="lazy"
        onLoad={() => setShown('loaded')}
        onError={() => setShown('failed')}
        className="relative size-full object-cover"
      />
    </div>
  )
}

/** The photo a property's card shows. */
const coverOf = (property: Property) => property.images[0]

/**
 * Fetches a card's photo before the card is drawn. The first card's photo is a phone's
 * largest paint on /properties: asked for as soon as the list names it, rather than once the grid
 * has rendered and laid out its lazy images, it is there when the card is.
 */
export function preloadCoverPhoto(property: Property | undefined) {
  const url = property && coverOf(property)?.thumbnailUrl
  if (!url) return
  const image = new Image()
  image.fetchPriority = 'high'
  image.src = url
}

type Props = {
  property: Property
  onOpen: (property: Property) => void
  /** Width rules of the place the card sits in: the grid or the dashboard row (docs/product.md §2.7). */
  className?: string
  /** The card's actions (Sync now); pressing them does not open the property. */
  menu?: ReactNode
}

/** The property card (docs/product.md §2.7). A click opens the property, unless it ended a text selection. */
export function PropertyCard({ property, onOpen, className = '', menu }: Props) {
  const { t } = useI18n()
  const format = useFormat()
  const cover = coverOf(property)
  const location = locationLine(property, t('property.locationSeparator'))
  const failing = property.externalCalendars.filter(isFailingFeed).length
  const unstable = property.externalCalendars.some((calendar) => calendar.unstable)
  const open = (event: MouseEvent) => {
    event.preventDefault()
    if (window.getSelection()?.toString().trim()) return
    onOpen(property)
  }
  return (
    <article
      data-testid="property-card"
      onClick={open}
      className={`group flex min-w-[326px] cursor-pointer flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-slate-300 hover:shadow-md ${className}`}
    >
      <div className="relative h-48 shrink-0 overflow-hidden">
        <CoverPhoto
          key={cover?.id}
          url={cover?.thumbnailUrl}
          alt={t('property.photoOf', { name: property.name })}
        />
        <span className="absolute start-3 top-3">
          <StatusBadge status={property.status} />
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="truncate font-semibold text-slate-900">
          {/* The name is the card's keyboard handle; its click bubbles to the card. */}
          {/* The name keeps its own direction, so it is cut at its own end. */}
          <button
            type="button"
            dir="auto"
            className="max-w-full truncate text-start focus:outline-none focus-visible:underline"
          >
            {property.name}
          </button>
        </Heading>
        {property.sharedBy && <SharedMark sharedBy={property.sharedBy} />}
        {location && (
          <p data-testid="card-location" className="flex items-center gap-1.5 text-sm text-slate-500">
            <MapPinIcon width={16} height={16} className="shrink-0" />
            <span dir="auto" className="truncate">
              {location}
            </span>
          </p>
        )}
        <p
          data-testid="card-description"
          dir={property.description ? 'auto' : undefined}
          className={`line-clamp-2 min-h-10 text-sm ${property.description ? 'text-slate-600' : 'text-slate-500 italic'}`}
        >
          {property.description || t('property.noDescription')}
        </p>
        {unstable && (
          <p data-testid="card-unstable" className="text-xs font-medium text-amber-700">
            {t('calendar.unstable')}
          </p>
        )}
        {(failing > 0 || menu) && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            {failing > 0 ? (
              <FailingFeedsNote testId="card-failing" text={t('property.linksFailing', { count: failing })} />
            ) : (
              <span />
            )}
            {menu && (
              <div data-testid="card-menu" className="ms-auto" onClick={(event) => event.stopPropagation()}>
                {menu}
              </div>
            )}
          </div>
        )}
        <div className="mt-auto flex items-center justify-between gap-3 border-t border-slate-100 pt-3 text-sm">
          <span data-testid="card-capacity" className="flex items-center gap-1.5 text-slate-600">
            <GuestsIcon width={16} height={16} />
            {t('property.guests', { count: property.capacity })}
          </span>
          <span data-testid="card-cost" className="text-slate-500">
            {property.costPerNight === null ? (
              t('property.noPrice')
            ) : (
              <>
                <span className="font-semibold text-slate-900">{format.sar(property.costPerNight)}</span>{' '}
                {t('property.perNight')}
              </>
            )}
          </span>
        </div>
      </div>
    </article>
  )
}
