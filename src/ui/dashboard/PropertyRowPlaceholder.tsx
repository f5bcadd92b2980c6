import { LoadingPlaceholder } from '../common/LoadingPlaceholder.tsx'

/** As many as overflow the row at any width, so it scrolls (and takes a scrollbar's room) like the real one. */
const CARDS = 3

/**
 * The dashboard's property row while the properties load: cards the shape of
 * PropertyRow's, photo, name, place, description, Sync now and the footer, so nothing below moves
 * when they arrive.
 */
export function PropertyRowPlaceholder() {
  return (
    <LoadingPlaceholder>
      <div className="-mx-1 flex gap-5 overflow-x-auto px-1 pt-1 pb-3">
        {Array.from({ length: CARDS }, (_, index) => (
          <div
            key={index}
            className="flex w-[min(400px,85vw)] max-w-[400px] min-w-[326px] shrink-0 animate-pulse flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            <div className="h-48 shrink-0 bg-slate-100" />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <span className="h-6 w-2/3 rounded bg-slate-100" />
              <span className="h-5 w-1/2 rounded bg-slate-100" />
              <span className="h-10 rounded bg-slate-100" />
              <span className="h-11 w-28 self-end rounded-xl bg-slate-100" />
              <div className="mt-auto flex justify-between gap-3 border-t border-slate-100 pt-3">
                <span className="h-5 w-20 rounded bg-slate-100" />
                <span className="h-5 w-24 rounded bg-slate-100" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </LoadingPlaceholder>
  )
}
