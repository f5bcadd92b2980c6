import type { ReactNode } from 'react'

type Props = {
  testId: string
  headings: readonly string[]
  /** The table's rows (`<tr>` elements). */
  children: ReactNode
}

/** The wide-screen table shared by the admin lists; each list shows cards on phones instead. */
export function TableFrame({ testId, headings, children }: Props) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-sm" data-testid={testId}>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 text-start whitespace-nowrap">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  )
}
