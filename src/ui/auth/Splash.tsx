/** The short success screen before a redirect; it stands alone, so its title is the page's h1. */
export function Splash({ title, text }: { title: string; text: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-8 text-center" data-testid="splash">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <svg
          viewBox="0 0 24 24"
          width={32}
          height={32}
          fill="none"
          stroke="currentColor"
          strokeWidth={2.2}
          aria-hidden="true"
        >
          <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="text-sm text-slate-500">{text}</p>
    </div>
  )
}
