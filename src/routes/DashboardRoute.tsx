import { useI18n } from '../i18n.tsx'
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx'
import { BookingsSection } from './dashboard/BookingsSection.tsx'
import { PropertiesSection } from './dashboard/PropertiesSection.tsx'
import { StatisticsSection } from './dashboard/StatisticsSection.tsx'
import { useProfile } from './session.ts'

export default function DashboardRoute() {
  const { t } = useI18n()
  const profile = useProfile()
  const name = profile.data?.name
  return (
    <>
      <p className="mb-1 text-sm text-slate-500">
        {name ? t('pages.dashboard.welcome', { name }) : t('pages.dashboard.welcomeAnonymous')}
      </p>
      <PlaceholderPage title={t('pages.dashboard.title')} emptyText={t('pages.dashboard.empty')} />
      <StatisticsSection />
      <PropertiesSection />
      <BookingsSection />
    </>
  )
}
