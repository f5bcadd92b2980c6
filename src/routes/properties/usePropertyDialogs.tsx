import { useState, type ComponentType } from 'react'
import type { Property } from '../../actors/api.ts'
import { lazyPart, WhenOpen } from '../../ui/common/lazyParts.tsx'

// The dialogs (forms, photo gallery, platform links) load when first opened, not with the page.
const AddPropertyDialog = lazyPart(() =>
  import('./AddPropertyDialog.tsx').then((module) => module.AddPropertyDialog),
)
const EditPropertyDialog = lazyPart(() =>
  import('./EditPropertyDialog.tsx').then((module) => module.EditPropertyDialog),
)

/** Which add and edit dialogs a page uses: the owner's, or an admin's for another user. */
export type PropertyDialogComponents = {
  Add: ComponentType<{ onClosed: () => void }>
  Edit: ComponentType<{ property: Property; onClosed: () => void }>
}

const OWNER_DIALOGS: PropertyDialogComponents = {
  Add: AddPropertyDialog.Component,
  Edit: EditPropertyDialog.Component,
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
    <>
      <WhenOpen open={adding}>
        <Add onClosed={() => setAdding(false)} />
      </WhenOpen>
      <WhenOpen open={current !== null}>
        {current && <Edit key={current.id} property={current} onClosed={() => setOpened(null)} />}
      </WhenOpen>
    </>
  )
  return { openAdd: () => setAdding(true), openProperty: setOpened, dialogs }
}
