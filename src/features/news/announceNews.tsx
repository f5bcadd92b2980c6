import toast from 'react-hot-toast'
import { noticeTitle } from '../../domain/stayWords.ts'
import type { Language, Translate } from '../../domain/translator.ts'
import type { StreamNotification } from '../../machines/notifications/notificationStream.ts'
import { formattersFor } from '../../ui/common/format.ts'
import { NewsToast } from '../../ui/shell/NewsToast.tsx'
import { fromStream, toItem, type ReadFeed } from '../notifications/noticeItems.ts'

/**
 * How long a notice that arrived live stays up: its words and a link take longer to read and
 * reach than a plain toast's 4 s (hovering it holds it, as every toast).
 */
const NEWS_TOAST_MS = 10_000

/** A live notice is worded from its data alone: the calendar reader may not be loaded yet. */
const NO_FEED: ReadFeed = () => []

/** The notices told on this page: each once, however often the stream sends it again. */
const told = new Set<string>()

/**
 * docs/decisions.md, "Notification panel": a notice that arrived live, told once in a polite
 * toast (role=status, aria-live=polite: a screen reader says it when it is free, and the focus
 * stays where it was) in the stay's words and the reader's language, with a link to what its
 * notification opens. Loaded with the first one: the signed-in frame carries none of it (hence a
 * folder of its own, not src/features/notifications/, which scripts/chunkGroups.ts puts in the
 * frame whole). The notice's id keeps it to one toast: shown again, it replaces its own.
 */
export function announceNews(
  { t, language }: { t: Translate; language: Language },
  notification: StreamNotification,
) {
  if (told.has(notification.id)) return
  told.add(notification.id)
  const [item] = toItem(fromStream(notification), NO_FEED)
  if (!item) return
  const text = noticeTitle(t, formattersFor(language), item)
  // An alarm or an unstable link names no stay: it opens the property's calendar.
  const openLabel = t('stay' in item ? 'stayWords.open' : 'calendar.openCalendar')
  toast(
    (shown) => (
      <NewsToast text={text} link={item.link} openLabel={openLabel} onOpen={() => toast.dismiss(shown.id)} />
    ),
    { id: item.id, duration: NEWS_TOAST_MS },
  )
}
