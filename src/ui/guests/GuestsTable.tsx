import type { Guest } from '../../../contract/guest.ts'
import { useI18n } from '../../i18n.tsx'
import { MISSING, orMissing, useFormat } from '../common/format.ts'
import { TableFrame } from '../common/TableFrame.tsx'
import { EmailText } from '../common/UserText.tsx'

function Contact({ guest }: { guest: Guest }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-slate-700">{guest.email ? <EmailText email={guest.email} /> : MISSING}</span>
      <span className="self-start text-slate-500 tabular-nums" dir="ltr">
        {orMissing(guest.phone)}
      </span>
    </div>
  )
}

/** Guests (docs/product.md §2.17): who stayed, how often, when, and what they spent; cards on phones. */
export function GuestsTable({ guests }: { guests: readonly Guest[] }) {
  const { t } = useI18n()
  const format = useFormat()
  const stay = (date: string | null) => (date ? format.date(date) : MISSING)
  const columns = ['guest', 'contact', 'totalBookings', 'lastStay', 'nextStay', 'totalSpent'] as const
  return (
    <>
      <TableFrame testId="guests-table" headings={columns.map((column) => t(`guests.columns.${column}`))}>
        {guests.map((guest, index) => (
          <tr key={`${guest.name}-${guest.email ?? ''}-${index}`} data-testid="guest-row">
            <th scope="row" className="px-4 py-3 text-start font-medium text-slate-900">
              <bdi>{guest.name}</bdi>
            </th>
            <td className="px-4 py-3">
              <Contact guest={guest} />
            </td>
            <td className="px-4 py-3 text-slate-700 tabular-nums">{format.number(guest.totalBookings)}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">{stay(guest.lastStay)}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-700">{stay(guest.nextStay)}</td>
            <td className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">
              {format.sar(guest.totalSpent)}
            </td>
          </tr>
        ))}
      </TableFrame>
      <ul className="flex flex-col gap-3 md:hidden">
        {guests.map((guest, index) => (
          <li
            key={`${guest.name}-${guest.email ?? ''}-${index}`}
            data-testid="guest-card"
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-1">
                <bdi className="font-medium break-words text-slate-900">{guest.name}</bdi>
                <Contact guest={guest} />
              </div>
              <span className="shrink-0 font-semibold text-slate-900">{format.sar(guest.totalSpent)}</span>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-xs">
              {(
                [
                  ['totalBookings', format.number(guest.totalBookings)],
                  ['lastStay', stay(guest.lastStay)],
                  ['nextStay', stay(guest.nextStay)],
                ] as const
              ).map(([column, value]) => (
                <div key={column} className="flex flex-col gap-0.5 rounded-xl bg-slate-50 p-2">
                  <dt className="text-slate-500">{t(`guests.columns.${column}`)}</dt>
                  <dd className="font-medium text-slate-800">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}
