import { useState, type ComponentType } from 'react'
import type { Property } from '../../actors/api.ts'
import { AddPropertyDialog } from './AddPropertyDialog.tsx'
import { EditPropertyDialog } from './EditPropertyDialog.tsx'

/** Which add and edit dialogs a page uses: the owner's, or an admin's for another user. */
export type PropertyDialogComponents = {
  Add: ComponentType<{ onClosed: () => void }>
  Edit: ComponentType<{ property: Property; onClosed: () => void }>
}

const OWNER_DIALOGS: PropertyDialogComponents = { Add: AddPropertyDialog, Edit: EditPropertyDialog }

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
      {adding && <Add onClosed={() => setAdding(false)} />}
      {current && <Edit key={current.id} property={current} onClosed={() => setOpened(null)} />}
    </>
  )
  return { openAdd: () => setAdding(true), openProperty: setOpened, dialogs }
}
