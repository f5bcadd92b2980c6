import { useI18n } from '../i18n.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { richText, UserText } from '../ui/UserText.tsx'
import { BookingsSection } from './dashboard/BookingsSection.tsx'
import { IntegrationSection } from './dashboard/IntegrationSection.tsx'
import { PropertiesSection } from './dashboard/PropertiesSection.tsx'
import { StatisticsSection } from './dashboard/StatisticsSection.tsx'
import { useProfile } from './session.ts'

/**
 * SPEC 2, dashboard: a header with the title and a welcome line, then the figures for a period,
 * the properties, the bookings and the integration cards.
 */
export default function DashboardRoute() {
  const { t } = useI18n()
  const profile = useProfile()
  const name = profile.data?.name
  return (
    <>
      <PageHeader
        title={t('pages.dashboard.title')}
        subtitle={
          name
            ? richText(t, 'pages.dashboard.welcome', { name: <UserText>{name}</UserText> })
            : t('pages.dashboard.welcomeAnonymous')
        }
      />
      <StatisticsSection />
      <PropertiesSection />
      <BookingsSection />
      <IntegrationSection />
    </>
  )
}
