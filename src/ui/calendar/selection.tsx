import { useRef, useState } from 'react'
import { nightsBetween, type DateOnly } from '../../domain/dates.ts'
import { useI18n } from '../../i18n.tsx'
import { useFormat } from '../common/format.ts'
import { nightsSelected } from './gridFocus.ts'

/**
 * Nights being selected on a grid to add a stay: where the selection began, where it is now, and
 * on the timeline the property's row.
 */
export type Selection = { anchor: DateOnly; focus: DateOnly; row?: string }

/** Selected nights as a stay's dates, with the row they were selected on. */
export type SelectedNights = { start: DateOnly; end: DateOnly; row?: string }

/** Moves the keyboard's focus to a grid's item (a day, a night or a bar) by its `data-item`. */
export function focusItem(container: HTMLElement | null, id: string) {
  for (const element of container?.querySelectorAll<HTMLElement>('[data-item]') ?? [])
    if (element.dataset.item === id) {
      element.focus()
      return
    }
}

/**
 * A grid's selection, read by its event handlers at once (a ref) and drawn (state). A pointer
 * drag ends wherever the button is let go, so its end is heard on the window. With `clicks`, a
 * press let go where it began selects that night, and a second one on the same row takes the
 * nights from the first to it (click the first night, then the last).
 */
export function useSelection(onSelect: (nights: SelectedNights) => void, clicks = false) {
  const [selection, setState] = useState<Selection | null>(null)
  const current = useRef<Selection | null>(null)
  const set = (next: Selection | null) => {
    current.current = next
    setState(next)
  }
  const take = () => {
    const taken = current.current
    set(null)
    if (taken) onSelect({ ...nightsSelected(taken.anchor, taken.focus), row: taken.row })
  }
  const dragging = useRef(false)
  /** A press on a free night: a drag from it selects the nights it passes over. */
  const startDrag = (night: DateOnly, row?: string) => {
    const before = current.current
    dragging.current = true
    const end = () => {
      window.removeEventListener('pointerup', end)
      dragging.current = false
      const now = current.current
      if (now && now.anchor !== now.focus) take()
      else if (!clicks) set(null)
      else if (before && before.row === row && before.anchor === before.focus) {
        set({ anchor: before.anchor, focus: night, row })
        take()
      }
    }
    window.addEventListener('pointerup', end)
    set({ anchor: night, focus: night, row })
  }
  const dragOver = (night: DateOnly) => {
    if (dragging.current && current.current) set({ ...current.current, focus: night })
  }
  return { selection, current, set, take, startDrag, dragOver }
}

/**
 * What is selected, said as it changes (a polite live region) and shown under the grid: the
 * nights, and that Enter adds a stay with them.
 */
export function SelectionHint({ selection }: { selection: Selection | null }) {
  const { t } = useI18n()
  const format = useFormat()
  const nights = selection && nightsSelected(selection.anchor, selection.focus)
  return (
    <p aria-live="polite" data-testid="selection-hint" className="mt-2 min-h-5 text-xs text-slate-700">
      {nights &&
        t('calendar.selection', {
          count: nightsBetween(nights.start, nights.end),
          start: format.date(nights.start),
          end: format.date(nights.end),
        })}
    </p>
  )
}
