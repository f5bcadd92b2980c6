import type { ReactNode } from 'react'

export function EmptyState({ text, icon, testId }: { text: ReactNode; icon?: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center text-slate-500"
    >
      {icon && <span className="text-slate-400">{icon}</span>}
      <p className="max-w-full wrap-anywhere">{text}</p>
    </div>
  )
}
