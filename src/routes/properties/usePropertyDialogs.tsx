import { lazy, Suspense, useState, type ComponentType } from 'react'
import type { Property } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

// The dialogs (forms, photo gallery, platform links) load when first opened, not with the page.
const AddPropertyDialog = lazy(() =>
  import('./AddPropertyDialog.tsx').then((module) => ({ default: module.AddPropertyDialog })),
)
const EditPropertyDialog = lazy(() =>
  import('./EditPropertyDialog.tsx').then((module) => ({ default: module.EditPropertyDialog })),
)

/** Which add and edit dialogs a page uses: the owner's, or an admin's for another user. */
export type PropertyDialogComponents = {
  Add: ComponentType<{ onClosed: () => void }>
  Edit: ComponentType<{ property: Property; onClosed: () => void }>
}

const OWNER_DIALOGS: PropertyDialogComponents = { Add: AddPropertyDialog, Edit: EditPropertyDialog }

/** Over the page while a dialog's chunk loads, the first time it opens. */
function DialogLoading() {
  const { t } = useI18n()
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/20">
      <Spinner label={t('app.loading')} className="rounded-lg bg-white px-4 py-3 shadow" />
    </div>
  )
}

/**
 * The add and edit/view modals of a page that lists properties. The open property is followed in
 * the list (an update replaces it there) but kept while a delete has already removed it.
 */
export function usePropertyDialogs(
  properties: Property[] | undefined,
  { Add, Edit }: PropertyDialogComponents = OWNER_DIALOGS,
) {
  const [adding, setAdding] = useState(false)
  const [opened, setOpened] = useState<Property | null>(null)
  const current = opened && (properties?.find((property) => property.id === opened.id) ?? opened)
  const dialogs = (
    <Suspense fallback={<DialogLoading />}>
      {adding && <Add onClosed={() => setAdding(false)} />}
      {current && <Edit key={current.id} property={current} onClosed={() => setOpened(null)} />}
    </Suspense>
  )
  return { openAdd: () => setAdding(true), openProperty: setOpened, dialogs }
}
