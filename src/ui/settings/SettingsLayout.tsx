import { useId, type ReactNode } from 'react'

/** One titled part of the settings modal. */
export function SettingsSection({
  title,
  children,
  testId,
}: {
  title: string
  children: ReactNode
  testId: string
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h3>
      {children}
    </section>
  )
}

type RowProps = {
  title: ReactNode
  description: ReactNode
  /** The control at the end of the row. */
  action: ReactNode
  /** What opens under the row: a code entry, a message. */
  children?: ReactNode
  ids?: { title: string; description: string }
}

/** A setting: what it is on the start side, its control on the end side. */
export function SettingRow({ title, description, action, children, ids }: RowProps) {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <p id={ids?.title} className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
            {title}
          </p>
          <p id={ids?.description} className="text-sm text-slate-500">
            {description}
          </p>
        </div>
        {action}
      </div>
      {children}
    </div>
  )
}
