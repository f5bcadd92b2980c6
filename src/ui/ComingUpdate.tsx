import { useI18n } from '../i18n.tsx'

export function ComingUpdate() {
  const { t } = useI18n()
  return (
    <div className="flex min-h-[50vh] items-center justify-center" data-testid="coming-update">
      <p className="text-lg text-slate-500">{t('app.comingUpdate')}</p>
    </div>
  )
}
