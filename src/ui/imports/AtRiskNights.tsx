import type { PlatformFeed } from '../../../contract/property.ts'
import type { ConfirmedActionState } from '../../machines/parts/confirmedAction.ts'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../common/form.tsx'
import { ConfirmStepDialog } from '../common/ConfirmStepDialog.tsx'
import { useFormat } from '../common/format.ts'
import { importHowToKey } from '../../domain/importCadence.ts'

type AtRiskRun = PlatformFeed['atRisk'][number]

/** "I closed them", asked first: the owner's to say; an admin reads the nights without it. */
type Acknowledging = {
  state: ConfirmedActionState
  error?: string
  onOpen: () => void
  onConfirm: () => void
  onCancel: () => void
}

type Props = {
  /** The platform's name as shown. */
  platform: string
  /** The platform's name as stored, which picks the steps to close nights there. */
  platformName: string
  /** The platform's own calendar of the listing; null when unknown, and the steps show instead. */
  calendarPage: string | null
  runs: readonly AtRiskRun[]
} & (Acknowledging | { [Key in keyof Acknowledging]?: never })

const NIGHT_MS = 86_400_000
const nightsOf = (run: Pick<AtRiskRun, 'start' | 'end'>) =>
  (Date.parse(run.end) - Date.parse(run.start)) / NIGHT_MS

const CLOSE_STEPS = ['1', '2'] as const

/** Where to close the nights by hand: the platform's calendar of the listing, else how to reach it. */
function WhereToClose({
  platform,
  platformName,
  calendarPage,
}: Pick<Props, 'platform' | 'platformName' | 'calendarPage'>) {
  const { t } = useI18n()
  if (calendarPage !== null)
    return (
      <a
        href={calendarPage}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="at-risk-calendar-page"
        className="self-start text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {t('atRisk.openCalendar', { platform })}
      </a>
    )
  const key = importHowToKey(platformName)
  return (
    <div data-testid="at-risk-close-steps" className="text-xs text-slate-700">
      <p className="font-medium">{t('atRisk.closeStepsTitle', { platform })}</p>
      <ol className="mt-1 list-decimal ps-5 rtl:[list-style-type:arabic-indic]">
        {CLOSE_STEPS.map((step) => (
          <li key={step}>{t(`atRisk.closeSteps.${key}.${step}`, { platform })}</li>
        ))}
      </ol>
    </div>
  )
}

/**
 * The nights a platform has not yet imported as taken: each run with its dates, what to do (close
 * them by hand there: on its calendar when Manzil knows the address, else by its steps), and the
 * owner's "I closed them"; a run the host closed stays, said to be closed, until the platform's next
 * import (docs/product.md).
 */
export function AtRiskNights({ platform, platformName, calendarPage, runs, ...acknowledging }: Props) {
  const acknowledge = acknowledging.state === undefined ? null : acknowledging
  const { t } = useI18n()
  const format = useFormat()
  const open = runs.some((run) => !run.acknowledged)
  return (
    <div
      data-testid="at-risk"
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3"
    >
      <ul className="flex flex-col gap-1 text-sm">
        {runs.map((run) => (
          <li key={run.start} data-testid="at-risk-run" data-acknowledged={run.acknowledged}>
            <span className="font-medium text-slate-900">{format.dateRange(run.start, run.end)}</span>
            {t('app.separator')}
            <span className={run.acknowledged ? 'text-slate-600' : 'text-amber-900'}>
              {run.acknowledged
                ? t('atRisk.closedByHost', { count: nightsOf(run), platform })
                : t('atRisk.notYetOn', { count: nightsOf(run), platform })}
            </span>
          </li>
        ))}
      </ul>
      {open && (
        <>
          <p className="text-xs text-slate-700">{t('atRisk.whatToDo', { platform })}</p>
          <WhereToClose platform={platform} platformName={platformName} calendarPage={calendarPage} />
          {acknowledge && (
            <Button
              type="button"
              variant="secondary"
              onClick={acknowledge.onOpen}
              data-testid="acknowledge-at-risk"
              className="h-9 self-start"
            >
              {t('atRisk.closedThem')}
            </Button>
          )}
        </>
      )}
      {acknowledge && (
        <ConfirmStepDialog
          state={acknowledge.state}
          title={t('atRisk.confirmTitle', { platform })}
          body={t('atRisk.confirmText', { platform })}
          error={acknowledge.error}
          confirmLabel={t('atRisk.closedThem')}
          testId="acknowledge-at-risk-dialog"
          confirmTestId="confirm-acknowledge-at-risk"
          onConfirm={acknowledge.onConfirm}
          onCancel={acknowledge.onCancel}
        />
      )}
    </div>
  )
}
