import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { Property } from '../../../contract/property.ts'
import { useI18n } from '../../i18n.tsx'
import { PlusIcon } from '../common/appIcons.tsx'
import { ChevronEndIcon } from '../common/icons.tsx'
import { PropertyCard } from './PropertyCard.tsx'

/** Carousel cards are at most 400 px wide (and at least 326 px, like every card). */
const CAROUSEL_CARD = 'w-[min(400px,85vw)] max-w-[400px] shrink-0 snap-start'

/**
 * The dashboard's "your properties" row (docs/product.md §2.6): the newest cards, a card leading
 * to the whole grid when there are more than the row shows, then a card that adds one.
 */
export function PropertyRow({
  properties,
  total,
  allHref,
  onOpen,
  onAdd,
  menu,
}: {
  properties: Property[]
  /** How many properties there are; more than `properties` adds the card to `allHref`. */
  total: number
  allHref: string
  onOpen: (property: Property) => void
  /** Each card's actions (Sync now). */
  menu?: ReactNode
  onAdd: () => void
}) {
  const { t } = useI18n()
  const placeholder = `${CAROUSEL_CARD} flex min-h-[22rem] min-w-[326px] flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-slate-300 bg-white text-slate-500 transition hover:border-brand-500 hover:text-brand-700`
  return (
    <div data-testid="property-row" className="-mx-1 flex snap-x gap-5 overflow-x-auto px-1 pt-1 pb-3">
      {properties.map((property) => (
        <PropertyCard
          key={property.id}
          property={property}
          onOpen={onOpen}
          menu={menu}
          className={CAROUSEL_CARD}
        />
      ))}
      {total > properties.length && (
        <Link href={allHref} data-testid="all-properties-card" className={placeholder}>
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <ChevronEndIcon />
          </span>
          <span className="font-medium">{t('property.seeAll', { count: total })}</span>
        </Link>
      )}
      <button type="button" onClick={onAdd} data-testid="add-property-card" className={placeholder}>
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <PlusIcon />
        </span>
        <span className="font-medium">{t('property.add')}</span>
      </button>
    </div>
  )
}
