import { useI18n } from '../../i18n.tsx'

export function ComingUpdate() {
  const { t } = useI18n()
  return (
    <div className="flex min-h-[50vh] items-center justify-center" data-testid="coming-update">
      <h1 className="text-lg font-normal text-slate-500">{t('app.comingUpdate')}</h1>
    </div>
  )
}
