import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { PlatformFeed, Property } from '../../../contract/property.ts'
import { locationLine } from '../../domain/address.ts'
import type { PlatformLink } from '../../domain/platformSelection.ts'
import { canSave, draftFrom, isDraftDirty } from '../../domain/property.ts'
import { useI18n } from '../../i18n.tsx'
import {
  EDIT_TABS,
  VIEW_TABS,
  type PropertyChanges,
  type PropertyTab,
} from '../../machines/property/propertyModal.ts'
import type { Feedback } from '../../machines/parts/feedback.ts'
import { Button } from '../common/form.tsx'
import { useFormat } from '../common/format.ts'
import { EyeIcon, PencilIcon } from '../common/appIcons.tsx'
import { Modal } from '../common/Modal.tsx'
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx'
import { ConfirmDiscardDialog } from '../common/ConfirmDiscardDialog.tsx'
import { CopyField } from './CopyField.tsx'
import { SharedMark, StatusBadge } from './PropertyCard.tsx'
import { PhotoGallery, type GalleryPhoto } from './PhotoGallery.tsx'
import { PlatformLinks, platformLabel, type PlatformChoices } from './PlatformLinks.tsx'
import { PropertyFormFields } from './PropertyFormFields.tsx'
import { SyncStatus } from './SyncStatus.tsx'
import { ImportStatus } from '../imports/ImportStatus.tsx'
import { useDraftProblems } from './useDraftProblems.ts'
import { usePickedPhotos } from './usePickedPhotos.ts'

export type EditorMode = 'edit' | 'view'
export type EditorActivity = 'idle' | 'confirmingDiscard' | 'confirmingDelete' | 'saving' | 'deleting'
/** Renders "new link" for the private full feed, or for one platform's availability feed. */
export type RotateLinkSlot = (platformName?: string) => ReactNode

export type InternalCalendarLink = {
  url?: string
  /** The availability feed to paste into each linked platform, with when that platform last imported it. */
  platforms?: PlatformFeed[]
  /** The moment "imported 2 hours ago" is measured from. */
  now: number
  loading: boolean
  error?: string
}

type Props = {
  property: Property
  mode: EditorMode
  tab: PropertyTab
  activity: EditorActivity
  choices: PlatformChoices
  internalCalendar: InternalCalendarLink
  /** The server's last refusal of a save: its sentences show at their fields. */
  refusal?: Feedback
  /** The Statistics tab's content, which the statistics work provides. */
  statistics: ReactNode
  /** The Team tab's content: the owner's only, so without it there is no Team tab. */
  team?: ReactNode
  /** A co-host's "Leave this property", where the owner's footer has Delete. */
  leave?: ReactNode
  /** The Connections tab's "sync now" action, for the owner's own calendars. */
  syncNow?: ReactNode
  /** The owner's "new link" action under the private link, or under one platform's link. */
  rotateLink?: RotateLinkSlot
  /** The owner's nights at risk on one platform, with "I closed them". */
  atRisk?: (feed: PlatformFeed) => ReactNode
  onToggleMode: () => void
  onSelectTab: (tab: PropertyTab) => void
  onSave: (changes: PropertyChanges) => void
  onRequestDelete: () => void
  onCancelDelete: () => void
  onConfirmDelete: () => void
  /** Escape, a click outside, or the close button; `dirty` when unsaved changes would be lost. */
  onClose: (dirty: boolean) => void
  /** The answers to "Discard your changes?". */
  onKeepEditing: () => void
  onDiscard: () => void
}

const storedPhotos = (property: Property, removed: string[]): GalleryPhoto[] =>
  property.images
    .filter((image) => !removed.includes(image.id))
    .map((image) => ({ key: image.id, url: image.url, thumbnailUrl: image.thumbnailUrl }))

function ModeSwitch({ mode, onToggle }: { mode: EditorMode; onToggle: () => void }) {
  const { t } = useI18n()
  const option = (value: EditorMode, icon: ReactNode) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => mode !== value && onToggle()}
      data-testid={`mode-${value}`}
      className={`flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors ${
        mode === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-800'
      }`}
    >
      {icon}
      {t(`property.mode.${value}`)}
    </button>
  )
  return (
    <div
      role="group"
      aria-label={t('property.modeLabel')}
      className="inline-flex self-start rounded-xl bg-slate-100 p-1"
    >
      {option('edit', <PencilIcon width={16} height={16} />)}
      {option('view', <EyeIcon width={16} height={16} />)}
    </div>
  )
}

function Tabs({
  tabs,
  tab,
  onSelect,
}: {
  tabs: PropertyTab[]
  tab: PropertyTab
  onSelect: (tab: PropertyTab) => void
}) {
  const { t } = useI18n()
  return (
    <div role="tablist" className="flex gap-1 border-b border-slate-200">
      {tabs.map((option) => (
        <button
          key={option}
          type="button"
          role="tab"
          aria-selected={option === tab}
          onClick={() => onSelect(option)}
          data-testid={`tab-${option}`}
          className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-medium transition-colors ${
            option === tab
              ? 'border-brand-600 text-brand-700'
              : 'border-transparent text-slate-500 hover:text-slate-800'
          }`}
        >
          {t(`property.tabs.${option}`)}
        </button>
      ))}
    </div>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm text-slate-500 sm:w-36">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}

/** View mode, About: the property as it is stored. */
function PropertyDetails({ property }: { property: Property }) {
  const { t } = useI18n()
  const format = useFormat()
  return (
    <dl data-testid="property-details" className="flex flex-col gap-3">
      <Detail label={t('property.statusLabel')}>
        <StatusBadge status={property.status} />
      </Detail>
      <Detail label={t('property.name')}>
        <bdi>{property.name}</bdi>
      </Detail>
      <Detail label={t('property.address')}>
        {locationLine(property, t('property.locationSeparator')) ? (
          <bdi>{locationLine(property, t('property.locationSeparator'))}</bdi>
        ) : (
          t('property.noAddress')
        )}
      </Detail>
      <Detail label={t('property.timeZone')}>
        <span dir="ltr">{property.timeZone}</span>
      </Detail>
      {(['checkInTime', 'checkOutTime'] as const).map((field) => (
        <Detail key={field} label={t(`property.${field}`)}>
          <span dir="ltr" className="tabular-nums">
            {format.clockTime(property[field])}
          </span>
        </Detail>
      ))}
      <Detail label={t('property.capacity')}>{t('property.guests', { count: property.capacity })}</Detail>
      <Detail label={t('property.costPerNight')}>
        {property.costPerNight === null
          ? t('property.noPrice')
          : `${format.sar(property.costPerNight)} ${t('property.perNight')}`}
      </Detail>
      <Detail label={t('property.description')}>
        {/* An English description reads left to right in the Arabic interface. */}
        {property.description ? (
          <p dir="auto" className="whitespace-pre-line">
            {property.description}
          </p>
        ) : (
          <span className="text-slate-500 italic">{t('property.noDescription')}</span>
        )}
      </Detail>
    </dl>
  )
}

/** View mode, Connections: each connected platform with its link and sync state, or the empty text. */
function ConnectionList({ property, syncNow }: { property: Property; syncNow?: ReactNode }) {
  const { t } = useI18n()
  if (property.externalCalendars.length === 0) {
    return (
      <p
        data-testid="no-connections"
        className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-500"
      >
        {t('property.noConnections')}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      {syncNow}
      <ul
        data-testid="connection-list"
        className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200"
      >
        {property.externalCalendars.map((calendar) => (
          <li key={calendar.id} className="flex flex-col gap-1 px-4 py-3">
            <span className="text-sm font-medium text-slate-900">
              {platformLabel(t, calendar.platformName)}
            </span>
            <span dir="ltr" className="max-w-full self-start font-mono text-xs break-all text-slate-500">
              {calendar.urlPath}
            </span>
            <SyncStatus calendar={calendar} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The product's own calendar link with its copy button: the same in both modes. */
function InternalLink({
  link,
  rotate,
  atRisk,
}: {
  link: InternalCalendarLink
  rotate?: RotateLinkSlot
  atRisk?: (feed: PlatformFeed) => ReactNode
}) {
  const { t } = useI18n()
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-900">{t('property.internalTitle')}</h3>
      <p className="text-sm text-slate-500">{t('property.internalExplanation')}</p>
      <CopyField
        label={t('property.internalLink')}
        value={link.url}
        loading={link.loading}
        error={link.error}
      />
      {rotate?.()}
      {link.platforms && link.platforms.length > 0 && (
        <div data-testid="platform-links" className="mt-3 flex flex-col gap-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('property.platformLinksTitle')}</h3>
          <p className="text-sm text-slate-500">{t('property.platformLinksExplanation')}</p>
          {link.platforms.map((feed) => (
            <div key={feed.platformName} className="flex flex-col gap-1">
              <CopyField
                label={platformLabel(t, feed.platformName)}
                value={feed.url}
                testId="platform-calendar-url"
              />
              <p className="text-xs text-slate-500">
                {t('property.platformLinkWhere', { platform: platformLabel(t, feed.platformName) })}
              </p>
              <ImportStatus feed={feed} now={link.now} />
              {feed.atRisk.length > 0 && atRisk?.(feed)}
              {rotate?.(feed.platformName)}
            </div>
          ))}
        </div>
      )}
    </section>
  )
}

/** The edit/view modal (docs/product.md §2.10). The form's draft lives here until Save hands it over. */
export function EditViewModal(props: Props) {
  const { property, mode, tab, activity, choices, internalCalendar } = props
  const { t } = useI18n()
  // What the form started from: closing asks first once the draft differs from it.
  const [initialDraft] = useState(() => draftFrom(property))
  const [draft, setDraft] = useState(initialDraft)
  const [removedImageIds, setRemovedImageIds] = useState<string[]>([])
  const [mainKey, setMainKey] = useState<string>()
  const picked = usePickedPhotos()
  const editing = mode === 'edit'
  const busy = activity === 'saving' || activity === 'deleting'

  const photos = editing
    ? [
        ...storedPhotos(property, removedImageIds),
        ...picked.photos.map(({ key, url }) => ({ key, url, thumbnailUrl: url })),
      ]
    : storedPhotos(property, [])
  const removePhoto = (key: string) => {
    if (picked.photos.some((photo) => photo.key === key)) picked.remove(key)
    else setRemovedImageIds((ids) => [...ids, key])
  }
  // A stored link's sync state, while the host has not changed that link in the form.
  const statusOf = (link: PlatformLink) => {
    const stored = property.externalCalendars.find(
      (calendar) => calendar.platformName === link.platformName && calendar.urlPath === link.urlPath.trim(),
    )
    return stored && <SyncStatus calendar={stored} />
  }
  // Problems show at their fields once the host has tried to save, and follow the typing.
  // Save goes to the machine either way: it sends only a draft without problems, and opens the
  // tab that shows them.
  const problems = useDraftProblems(draft, props.refusal)
  const content = useRef<HTMLDivElement>(null)
  const showProblem = useRef(false)
  // Save never seems to do nothing: the first field it found wrong (here, or in the server's
  // refusal) is brought into view and focused, on whichever tab the machine opened for it. Once
  // a save has ended without one, typing later does not move the focus.
  useEffect(() => {
    if (!showProblem.current) return
    const field = content.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (field) {
      showProblem.current = false
      field.scrollIntoView({ block: 'center' })
      field.focus({ preventScroll: true })
    } else if (activity !== 'saving') showProblem.current = false
  })
  const save = () => {
    problems.check()
    showProblem.current = true
    props.onSave({ draft, newPhotos: picked.photos.map((photo) => photo.file), removedImageIds })
  }
  const close = () =>
    props.onClose(isDraftDirty(draft, picked.photos.length + removedImageIds.length, initialDraft))

  return (
    <Modal
      open
      onClose={activity === 'idle' ? close : () => {}}
      title={<bdi>{property.name}</bdi>}
      // 728 px wide on wide screens; on a phone the whole screen.
      widthClass="max-md:h-[calc(100dvh-var(--offline-bar))] max-md:max-h-none max-md:rounded-none md:max-w-[728px]"
      placement="top"
      testId="property-modal"
    >
      <div ref={content} className="flex flex-col gap-5" data-mode={mode} data-tab={tab}>
        {property.sharedBy && <SharedMark sharedBy={property.sharedBy} />}
        <ModeSwitch mode={mode} onToggle={props.onToggleMode} />
        <Tabs
          tabs={editing ? EDIT_TABS : VIEW_TABS.filter((option) => option !== 'team' || props.team)}
          tab={tab}
          onSelect={props.onSelectTab}
        />
        <div role="tabpanel" data-testid={`panel-${tab}`} className="flex flex-col gap-5">
          {/* The photos belong to the property's details: About shows them, the other tabs do not. */}
          {tab === 'about' && (
            <PhotoGallery
              photos={photos}
              mainKey={mainKey}
              onSelect={setMainKey}
              onRemove={editing && !busy ? removePhoto : undefined}
              onAdd={editing && !busy ? picked.add : undefined}
              error={problems.photoError}
            />
          )}
          {tab === 'about' &&
            (editing ? (
              <PropertyFormFields
                draft={draft}
                onChange={setDraft}
                stored={property}
                errors={problems.fieldErrors}
              />
            ) : (
              <PropertyDetails property={property} />
            ))}
          {tab === 'connections' && (
            <div className="flex flex-col gap-6">
              {editing ? (
                <section className="flex flex-col gap-2">
                  <h3 className="text-sm font-semibold text-slate-900">{t('property.externalTitle')}</h3>
                  <p className="text-sm text-slate-500">{t('property.externalExplanation')}</p>
                  <PlatformLinks
                    links={draft.platforms}
                    onChange={(platforms) => setDraft({ ...draft, platforms })}
                    choices={choices}
                    statusOf={statusOf}
                    errorOf={problems.linkError}
                  />
                </section>
              ) : (
                <ConnectionList property={property} syncNow={props.syncNow} />
              )}
              <InternalLink link={internalCalendar} rotate={props.rotateLink} atRisk={props.atRisk} />
            </div>
          )}
          {tab === 'statistics' && props.statistics}
          {tab === 'team' && props.team}
        </div>
        {editing && (
          <footer className="sticky -bottom-5 -mx-6 -mb-5 flex items-center justify-between gap-3 border-t border-slate-100 bg-white px-6 py-4">
            {/* Only the owner deletes; a co-host may leave instead. */}
            {property.sharedBy ? (
              props.leave
            ) : (
              <button
                type="button"
                onClick={props.onRequestDelete}
                disabled={busy}
                data-testid="delete-property"
                className="text-sm font-medium text-red-600 hover:underline disabled:text-slate-400"
              >
                {t('property.deleteLink')}
              </button>
            )}
            <Button
              type="button"
              onClick={save}
              className="ms-auto"
              busy={activity === 'saving'}
              disabled={!canSave(draft) || busy}
              data-testid="save-property"
            >
              {t('app.save')}
            </Button>
          </footer>
        )}
      </div>
      <ConfirmDeleteDialog
        open={activity === 'confirmingDelete' || activity === 'deleting'}
        name={property.name}
        busy={activity === 'deleting'}
        onCancel={props.onCancelDelete}
        onConfirm={props.onConfirmDelete}
      />
      <ConfirmDiscardDialog
        open={activity === 'confirmingDiscard'}
        draft="changes"
        onKeepEditing={props.onKeepEditing}
        onDiscard={props.onDiscard}
      />
    </Modal>
  )
}
