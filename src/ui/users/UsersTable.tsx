import { Link } from 'wouter'
import type { ManagedUser } from '../../../contract/admin.ts'
import { useI18n } from '../../i18n.tsx'
import { Badge } from '../common/Badge.tsx'
import { orMissing } from '../common/format.ts'
import { TableFrame } from '../common/TableFrame.tsx'
import { EmailText } from '../common/UserText.tsx'

function UserIdentity({ user }: { user: ManagedUser }) {
  const { t } = useI18n()
  const initial = (user.name?.trim() || user.email).charAt(0).toUpperCase()
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
      >
        {initial}
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        <span
          dir="auto"
          className="max-w-full self-start truncate font-medium text-slate-900"
          data-testid="user-name"
        >
          {orMissing(user.name)}
        </span>
        {(user.isAdmin || user.accountState === 'deactivated') && (
          <span className="flex flex-wrap gap-1">
            {user.isAdmin && <Badge tone="slate">{t('users.admin')}</Badge>}
            {user.accountState === 'deactivated' && <Badge tone="red">{t('users.deactivated')}</Badge>}
          </span>
        )}
      </div>
    </div>
  )
}

function PhoneStatus({ phone }: { phone: string | null }) {
  const { t } = useI18n()
  return phone?.trim() ? (
    <Badge tone="green">{t('users.verified')}</Badge>
  ) : (
    <Badge tone="amber">{t('users.unverified')}</Badge>
  )
}

type Props = {
  users: readonly ManagedUser[]
  onEdit: (user: ManagedUser) => void
  manageHref: (user: ManagedUser) => string
}

function Actions({
  user,
  onEdit,
  manageHref,
  wrap = false,
}: Omit<Props, 'users'> & { user: ManagedUser; wrap?: boolean }) {
  const { t } = useI18n()
  const label = user.name?.trim() || user.email
  return (
    <div className={`flex items-center gap-2 whitespace-nowrap ${wrap ? 'flex-wrap' : ''}`}>
      <button
        type="button"
        onClick={() => onEdit(user)}
        aria-label={t('users.editUser', { user: label })}
        className="h-9 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        {t('users.edit')}
      </button>
      <Link
        href={manageHref(user)}
        aria-label={t('users.managePropertiesOf', { user: label })}
        className="inline-flex h-9 items-center rounded-lg bg-brand-50 px-3 text-sm font-medium text-brand-800 hover:bg-brand-100"
      >
        {t('users.manageProperties')}
      </Link>
    </div>
  )
}

/** Users (docs/product.md §2.18): a table on wide screens and one card per user on phones. */
export function UsersTable({ users, onEdit, manageHref }: Props) {
  const { t } = useI18n()
  const columns = ['user', 'address', 'email', 'emailStatus', 'phone', 'action'] as const
  return (
    <>
      <TableFrame testId="users-table" headings={columns.map((column) => t(`users.columns.${column}`))}>
        {users.map((user) => (
          <tr
            key={user.id}
            data-testid="user-row"
            data-state={user.accountState}
            className={user.accountState === 'deactivated' ? 'bg-slate-50/70' : undefined}
          >
            <td className="px-3 py-3">
              <UserIdentity user={user} />
            </td>
            <td className="max-w-56 px-3 py-3 text-slate-600">
              <bdi>{orMissing(user.residentalAddress)}</bdi>
            </td>
            <td className="px-3 py-3 text-slate-700">
              <EmailText email={user.email} />
            </td>
            <td className="px-3 py-3">
              <Badge tone="green">{t('users.verified')}</Badge>
            </td>
            <td className="px-3 py-3">
              <div className="flex flex-col items-start gap-1">
                <span className="whitespace-nowrap text-slate-700 tabular-nums" dir="ltr">
                  {orMissing(user.phone)}
                </span>
                <PhoneStatus phone={user.phone} />
              </div>
            </td>
            <td className="px-3 py-3">
              <Actions user={user} onEdit={onEdit} manageHref={manageHref} />
            </td>
          </tr>
        ))}
      </TableFrame>
      <ul className="flex flex-col gap-3 md:hidden" data-testid="users-cards">
        {users.map((user) => (
          <li
            key={user.id}
            data-testid="user-card"
            data-state={user.accountState}
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <UserIdentity user={user} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-500">{t('users.columns.email')}</dt>
              <dd className="flex min-w-0 flex-wrap items-center gap-2 text-slate-700">
                <span dir="ltr" className="truncate">
                  {user.email}
                </span>
                <Badge tone="green">{t('users.verified')}</Badge>
              </dd>
              <dt className="text-slate-500">{t('users.columns.phone')}</dt>
              <dd className="flex flex-wrap items-center gap-2 text-slate-700">
                <span dir="ltr">{orMissing(user.phone)}</span>
                <PhoneStatus phone={user.phone} />
              </dd>
              <dt className="text-slate-500">{t('users.columns.address')}</dt>
              <dd className="min-w-0 break-words text-slate-700">
                <bdi>{orMissing(user.residentalAddress)}</bdi>
              </dd>
            </dl>
            <Actions user={user} onEdit={onEdit} manageHref={manageHref} wrap />
          </li>
        ))}
      </ul>
    </>
  )
}
