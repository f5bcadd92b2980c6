import { useI18n } from '../../i18n.tsx'
import { Button } from './form.tsx'
import { Modal } from './Modal.tsx'

type Props = {
  open: boolean
  /**
   * What would be lost: a property not yet added, the unsaved changes to a stored one, a new stay,
   * the unsaved changes to a saved stay.
   */
  draft?: keyof typeof TEXTS
  onKeepEditing: () => void
  onDiscard: () => void
}

type Texts = {
  title: string
  text: string
  /**
   * What the button says when "Discard" alone could read as deleting what is stored (a saved
   * stay): it then is not red either, as nothing stored is lost.
   */
  discard?: string
}

const TEXTS = {
  newProperty: { title: 'property.discardTitle', text: 'property.discardText' },
  changes: { title: 'property.discardChangesTitle', text: 'property.discardChangesText' },
  stay: { title: 'manualStay.discardTitle', text: 'manualStay.discardText' },
  stayChanges: {
    title: 'manualStay.discardChangesTitle',
    text: 'manualStay.discardChangesText',
    discard: 'manualStay.discardChanges',
  },
  link: { title: 'integration.discardTitle', text: 'integration.discardText' },
  profile: { title: 'settings.discardTitle', text: 'settings.discardText' },
} satisfies Record<string, Texts>

/** Closing a form with unsaved input asks first (docs/product.md §2.22); Escape or outside keeps editing. */
export function ConfirmDiscardDialog({ open, draft = 'newProperty', onKeepEditing, onDiscard }: Props) {
  const { t } = useI18n()
  const texts: Texts = TEXTS[draft]
  return (
    <Modal
      open={open}
      onClose={onKeepEditing}
      title={t(texts.title)}
      widthClass="md:max-w-[400px]"
      testId="discard-confirmation"
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">{t(texts.text)}</p>
        <div className="grid w-full grid-cols-2 gap-3">
          <Button type="button" variant="secondary" onClick={onKeepEditing} data-testid="keep-editing">
            {t('property.keepEditing')}
          </Button>
          <Button
            type="button"
            variant={texts.discard ? 'secondary' : 'danger'}
            onClick={onDiscard}
            data-testid="discard-draft"
          >
            {t(texts.discard ?? 'property.discard')}
          </Button>
        </div>
      </div>
    </Modal>
  )
}
