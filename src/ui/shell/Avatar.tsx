/** The signed-in person as the frame shows them. */
export type ShellUser = { name: string | null; email: string }

const initialOf = (user: ShellUser) => (user.name?.trim() || user.email).charAt(0).toUpperCase()

export function Avatar({ user }: { user: ShellUser }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initialOf(user)}
    </span>
  )
}
