import { Link } from 'wouter'

type Props = {
  /** The notice in the stay's words. */
  text: string
  /** Where it opens, as its notification in the panel does. */
  link: string
  openLabel: string
  /** The link was followed: the toast goes. */
  onOpen: () => void
}

/**
 * A notice that arrived live, as its toast says it: the words, and a link to its stay. It never
 * takes the focus; the link is there for whoever goes to it.
 */
export function NewsToast({ text, link, openLabel, onOpen }: Props) {
  return (
    <span data-testid="news-toast" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-start">
      <span dir="auto" className="min-w-0 flex-1 break-words">
        {text}
      </span>
      <Link
        href={link}
        onClick={onOpen}
        data-testid="news-toast-open"
        className="shrink-0 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {openLabel}
      </Link>
    </span>
  )
}
