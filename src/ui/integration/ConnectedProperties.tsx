import { Link } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { Badge } from '../common/Badge.tsx'
import { PATHS } from '../../domain/paths.ts'

export type IntegrationProperty = { id: string; name: string; externalCalendars: { platformName: string }[] }

/**
 * Which of the host's properties link which platforms; "No properties yet" and
 * "No connected properties" when there is nothing to list.
 */
export function ConnectedProperties({ properties }: { properties: readonly IntegrationProperty[] }) {
  const { t } = useI18n()
  const connected = properties.filter((property) => property.externalCalendars.length > 0)
  return (
    <section aria-labelledby="connected-properties" className="flex flex-col gap-3">
      <h2 id="connected-properties" className="font-semibold text-slate-900">
        {t('integration.connectedProperties')}
      </h2>
      {properties.length === 0 ? (
        <div className="flex flex-col items-start gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-500">
          <p data-testid="integration-empty">{t('pages.properties.empty')}</p>
          <Link href={PATHS.properties} className="font-semibold text-brand-700 hover:underline">
            {t('integration.addPropertyFirst')}
          </Link>
        </div>
      ) : connected.length === 0 ? (
        <p
          data-testid="integration-empty"
          className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-500"
        >
          {t('integration.noConnectedProperties')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {connected.map((property) => (
            <li key={property.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
              <span dir="auto" className="min-w-0 font-medium break-words text-slate-800">
                {property.name}
              </span>
              <span className="flex flex-wrap gap-1.5">
                {property.externalCalendars.map((calendar) => (
                  <Badge key={calendar.platformName} tone="brand">
                    {calendar.platformName}
                  </Badge>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
