import { adminApi } from '../../actors/adminApi.ts'
import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../../ui/common/form.tsx'
import { ChevronStartIcon } from '../../ui/common/icons.tsx'
import { PlusIcon } from '../../ui/common/appIcons.tsx'
import { PageHeader } from '../../ui/common/PageHeader.tsx'
import { ListSearch } from '../../ui/common/ListSearch.tsx'
import { PropertyPages } from '../../ui/property/PropertyGrid.tsx'
import { EmailText, richText, UserText } from '../../ui/common/UserText.tsx'
import { usePropertyDialogs, type PropertyDialogComponents } from '../properties/usePropertyDialogs.tsx'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { usePaused } from '../../frame/usePaused.ts'
import { adminUserKey } from '../../features/admin/adminCache.ts'
import { AdminAddPropertyDialog, AdminEditPropertyDialog } from './UserPropertyDialogs.tsx'
import { useUserProperties } from '../../features/admin/userPropertyQueries.ts'
import { PATHS } from '../../domain/paths.ts'

/** The property dialogs bound to one user, made once per user so React keeps them mounted. */
const adminDialogsFor = (userId: string): PropertyDialogComponents => ({
  Add: ({ onClosed }) => <AdminAddPropertyDialog userId={userId} onClosed={onClosed} />,
  Edit: ({ property, onClosed }) => (
    <AdminEditPropertyDialog userId={userId} property={property} onClosed={onClosed} />
  ),
})

/**
 * Users → Manage property (docs/product.md §2.18): that user's grid, add and edit, with a way
 * back; a page at a time, searched by name or city across all of them.
 */
export default function UserPropertiesRoute() {
  const { t } = useI18n()
  const { userId = '' } = useParams<{ userId: string }>()
  const { data: owner } = useQuery({ queryKey: adminUserKey(userId), queryFn: () => adminApi.user(userId) })
  const [typed, setTyped] = useState('')
  const search = usePaused(typed.trim())
  const properties = useUserProperties(userId, search)
  const components = useMemo(() => adminDialogsFor(userId), [userId])
  const { openAdd, openProperty, dialogs } = usePropertyDialogs(properties.query.data?.items, components)
  return (
    <>
      <Link
        href={PATHS.users}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronStartIcon width={16} height={16} />
        {t('users.backToUsers')}
      </Link>
      <PageHeader
        title={
          owner
            ? richText(t, 'users.propertiesOf', {
                user: owner.name?.trim() ? (
                  <UserText>{owner.name.trim()}</UserText>
                ) : (
                  <EmailText email={owner.email} />
                ),
              })
            : t('pages.properties.title')
        }
        subtitle={owner && <EmailText email={owner.email} />}
        actions={
          <Button type="button" onClick={openAdd} data-testid="add-property">
            <PlusIcon width={18} height={18} />
            {t('property.add')}
          </Button>
        }
      />
      <div className="mb-4">
        <ListSearch
          value={typed}
          onChange={setTyped}
          label={t('users.searchProperties')}
          placeholder={t('property.searchPlaceholder')}
          testId="user-properties-search"
        />
      </div>
      <QueryStatus query={properties.query}>
        {(page) => (
          <PropertyPages
            found={page}
            paging={properties.paging}
            onOpen={openProperty}
            noMatchFor={search || undefined}
          />
        )}
      </QueryStatus>
      {dialogs}
    </>
  )
}
