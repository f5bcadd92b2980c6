import type { ReactNode } from 'react'
import type { CleanerLink } from '../../../contract/turnover.ts'
import { useI18n } from '../../i18n.tsx'
import { Badge } from '../common/Badge.tsx'
import { EmptyState } from '../common/EmptyState.tsx'
import { Button } from '../common/form.tsx'
import { Heading } from '../common/Heading.tsx'
import { CopyField } from '../property/CopyField.tsx'

/** "New cleaner link", which takes the focus when the link that had it is revoked. */
export const NEW_LINK_BUTTON_ID = 'new-cleaner-link'

type Props = {
  links: readonly CleanerLink[]
  /** The host's properties, to name those a link covers. */
  properties: readonly { id: string; name: string }[]
  onCreate: () => void
  /** "New link" and "Revoke" for one link, each with its own confirmation. */
  actions: (link: CleanerLink) => ReactNode
}

/**
 * The host's cleaner's links under the Turnovers list (docs/product.md §7.11): what each covers,
 * whom it tells, and its two addresses to hand on. Not printed with the day sheet.
 */
export function CleanerLinkList({ links, properties, onCreate, actions }: Props) {
  const { t } = useI18n()
  return (
    <section
      aria-labelledby="cleaner-links-heading"
      className="mt-10 print:hidden"
      data-testid="cleaner-links"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Heading id="cleaner-links-heading" className="text-lg font-semibold text-slate-900">
            {t('turnovers.links.heading')}
          </Heading>
          {links.length > 0 && (
            <p className="mt-1 max-w-2xl text-sm text-slate-500">{t('turnovers.links.intro')}</p>
          )}
        </div>
        <Button type="button" id={NEW_LINK_BUTTON_ID} onClick={onCreate} data-testid="new-cleaner-link">
          {t('turnovers.links.new')}
        </Button>
      </div>
      <div className="mt-4">
        {links.length === 0 ? (
          <EmptyState text={t('turnovers.links.empty')} testId="cleaner-links-empty" />
        ) : (
          <ul className="space-y-4" aria-label={t('turnovers.links.list')}>
            {links.map((link) => (
              <LinkCard key={link.id} link={link} properties={properties} actions={actions(link)} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function LinkCard({
  link,
  properties,
  actions,
}: {
  link: CleanerLink
  properties: Props['properties']
  actions: ReactNode
}) {
  const { t } = useI18n()
  // In the order of the host's list, as the dialog offered them.
  const covered = properties.filter((property) => link.propertyIds.includes(property.id))
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="cleaner-link"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading className="min-w-0 text-base font-semibold wrap-anywhere text-slate-900">
          <bdi>{link.name}</bdi>
        </Heading>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">{t('turnovers.links.properties')}</dt>
        <dd className="text-slate-800" data-testid="cleaner-link-properties">
          {covered.map((property, index) => (
            <span key={property.id}>
              {index > 0 && t('app.listSeparator')}
              <bdi>{property.name}</bdi>
            </span>
          ))}
        </dd>
        <dt className="text-slate-500">{t('turnovers.links.language')}</dt>
        <dd className="text-slate-800" lang={link.language}>
          {t(`language.${link.language}`)}
        </dd>
        <dt className="text-slate-500">{t('turnovers.links.email')}</dt>
        <dd className="flex flex-wrap items-center gap-2 text-slate-800" data-testid="cleaner-link-email">
          {link.email ? (
            <>
              <bdi dir="ltr" className="wrap-anywhere">
                {link.email}
              </bdi>
              <Badge tone={link.emailConfirmed ? 'green' : 'amber'}>
                {t(link.emailConfirmed ? 'turnovers.links.emailConfirmed' : 'turnovers.links.emailWaiting')}
              </Badge>
            </>
          ) : (
            <span className="text-slate-500">{t('turnovers.links.noEmail')}</span>
          )}
        </dd>
      </dl>
      <CleanerLinkAddresses link={link} />
    </li>
  )
}

/** A link's page and calendar addresses, each to copy; the page opens in a new tab too. */
export function CleanerLinkAddresses({ link }: { link: Pick<CleanerLink, 'url' | 'icsUrl'> }) {
  const { t } = useI18n()
  return (
    <div className="mt-4 flex flex-col gap-3">
      <CopyField label={t('turnovers.links.pageLink')} value={link.url} testId="cleaner-link-url" />
      <a
        href={link.url}
        target="_blank"
        rel="noreferrer"
        className="-mt-1 self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        data-testid="open-cleaner-page"
      >
        {t('turnovers.links.openPage')} <span className="sr-only">{t('turnovers.links.newTab')}</span>
      </a>
      <CopyField label={t('turnovers.links.calendarLink')} value={link.icsUrl} testId="cleaner-link-ics" />
    </div>
  )
}
