type Props = {
  checked: boolean
  onChange: () => void
  /** The id of the text that names the switch. */
  labelledBy: string
  describedBy?: string
  busy?: boolean
}

/** An on/off switch; the knob travels toward the end side, so it mirrors in Arabic. */
export function Switch({ checked, onChange, labelledBy, describedBy, busy }: Props) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      onClick={onChange}
      disabled={busy}
      className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 transition-colors focus-visible:ring-2 focus-visible:ring-brand-100 focus-visible:outline-none disabled:opacity-70 ${
        checked ? 'bg-brand-600' : 'bg-slate-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-6 rounded-full bg-white shadow transition-transform ${
          checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0'
        }`}
      />
    </button>
  )
}
