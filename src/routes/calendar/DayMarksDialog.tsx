import type { DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { AtRiskMarkList, type AtRiskMark, type MarkTarget } from '../../ui/calendar/atRiskMarks.tsx'
import { useFormat } from '../../ui/common/format.ts'
import { Modal } from '../../ui/common/Modal.tsx'

/**
 * Every night at risk of a day: what the month grid counts on a day past its lanes ("+ 12 more")
 * opens as a list by property name, ten at a time; a mark in it opens that platform's dialog.
 */
export function DayMarksDialog({
  day,
  marks,
  onOpen,
  onClose,
}: {
  day: DateOnly | null
  marks: readonly AtRiskMark[]
  onOpen: (target: MarkTarget) => void
  onClose: () => void
}) {
  const { t, language } = useI18n()
  const format = useFormat()
  // By property, as a host looks a flat up in a long list, then by platform.
  const byName = new Intl.Collator(language)
  const onDay =
    day === null
      ? []
      : marks
          .filter((mark) => mark.start <= day && day < mark.end)
          .sort(
            (a, b) =>
              byName.compare(a.propertyName, b.propertyName) ||
              byName.compare(a.platformName, b.platformName),
          )
  return (
    <Modal
      open={onDay.length > 0}
      onClose={onClose}
      title={t('atRisk.dayTitle', { date: day === null ? '' : format.fullDate(day) })}
      widthClass="md:max-w-[480px]"
      testId="day-marks-dialog"
    >
      <AtRiskMarkList marks={onDay} onOpen={onOpen} className="" />
    </Modal>
  )
}
