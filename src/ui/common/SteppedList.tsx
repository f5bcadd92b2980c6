import { useState, type ReactNode } from 'react'
import { useI18n } from '../../i18n.tsx'

/**
 * A list drawn a step at a time, so that a portfolio's hundreds of lines come as the host asks
 * for them: `step` items at first, and `step` more at each press of "+ N more" under them.
 * `render` draws an item as a keyed `<li>`; `className` styles the whole, `listClassName` the list.
 */
export function SteppedList<T>({
  items,
  step,
  render,
  className = '',
  listClassName,
  listTestId,
  moreTestId,
}: {
  items: readonly T[]
  step: number
  render: (item: T) => ReactNode
  className?: string
  listClassName: string
  listTestId?: string
  moreTestId: string
}) {
  const { t } = useI18n()
  const [drawn, setDrawn] = useState(step)
  return (
    <div className={`flex flex-col ${className}`}>
      <ul data-testid={listTestId} className={listClassName}>
        {items.slice(0, drawn).map(render)}
      </ul>
      {items.length > drawn && (
        <button
          type="button"
          data-testid={moreTestId}
          onClick={() => setDrawn(drawn + step)}
          className="mt-2 self-start rounded text-xs font-semibold text-slate-600 hover:text-slate-900 focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t('calendar.more', { count: items.length - drawn })}
        </button>
      )}
    </div>
  )
}
