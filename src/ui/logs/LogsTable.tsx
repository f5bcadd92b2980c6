import type { LogEntry } from '../../../contract/admin.ts'
import { AUDIT_KINDS } from '../../domain/auditKinds.ts'
import { useI18n } from '../../i18n.tsx'
import { Badge, type BadgeTone } from '../common/Badge.tsx'
import { orMissing, useFormat } from '../common/format.ts'
import { TableFrame } from '../common/TableFrame.tsx'

const toneOf = (kind: string): BadgeTone =>
  kind.endsWith('failed') ? 'red' : kind.startsWith('admin.') ? 'brand' : 'slate'

/** A kind the interface does not know yet still shows, as its raw name. */
export function useKindLabel() {
  const { t } = useI18n()
  return (kind: string) =>
    (AUDIT_KINDS as readonly string[]).includes(kind) ? t(`logs.kinds.${kind}`) : kind
}

type FiltersProps = { kind: string; onKindChange: (kind: string) => void }

export function LogFilters({ kind, onKindChange }: FiltersProps) {
  const { t } = useI18n()
  const kindLabel = useKindLabel()
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      <span>{t('logs.filterByKind')}</span>
      <select
        value={kind}
        onChange={(event) => onKindChange(event.target.value)}
        className="h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-800 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      >
        <option value="">{t('logs.allKinds')}</option>
        {AUDIT_KINDS.map((option) => (
          <option key={option} value={option}>
            {kindLabel(option)}
          </option>
        ))}
      </select>
    </label>
  )
}

/** Who did it: the account as it is named now, the system, or an account since deleted. */
function useActorLabel() {
  const { t } = useI18n()
  return (entry: LogEntry) => {
    if (entry.actorId === null) return t('logs.system')
    return entry.actorLabel ?? t('logs.formerUser')
  }
}

/**
 * The audit log (docs/product.md §2.19): each entry's time, kind, message and who did it; cards on
 * phones.
 */
export function LogsTable({ entries }: { entries: readonly LogEntry[] }) {
  const { t } = useI18n()
  const actorLabel = useActorLabel()
  const format = useFormat()
  const kindLabel = useKindLabel()
  const columns = ['time', 'kind', 'message', 'actor'] as const
  return (
    <>
      <TableFrame testId="logs-table" headings={columns.map((column) => t(`logs.columns.${column}`))}>
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="log-row">
            <td className="px-4 py-3 whitespace-nowrap text-slate-600 tabular-nums">
              <time dateTime={entry.createdAt}>{format.dateTime(entry.createdAt)}</time>
            </td>
            <td className="px-4 py-3">
              <Badge tone={toneOf(entry.kind)}>{kindLabel(entry.kind)}</Badge>
            </td>
            <td className="px-4 py-3 wrap-anywhere text-slate-800">{entry.message}</td>
            <td className="px-4 py-3 text-slate-600">
              <div className="flex flex-col">
                <bdi className="self-start">{actorLabel(entry)}</bdi>
                {entry.ip && (
                  <span className="self-start text-xs text-slate-500" dir="ltr">
                    {entry.ip}
                  </span>
                )}
              </div>
            </td>
          </tr>
        ))}
      </TableFrame>
      <ul className="flex flex-col gap-3 md:hidden">
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="log-card"
            className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone={toneOf(entry.kind)}>{kindLabel(entry.kind)}</Badge>
              <time dateTime={entry.createdAt} className="text-xs text-slate-500">
                {format.dateTime(entry.createdAt)}
              </time>
            </div>
            <p className="wrap-anywhere text-slate-800">{entry.message}</p>
            <p className="wrap-anywhere text-xs text-slate-500">
              {t('logs.columns.actor')}: <bdi>{orMissing(actorLabel(entry))}</bdi>
            </p>
          </li>
        ))}
      </ul>
    </>
  )
}
