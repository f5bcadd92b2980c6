import { NotificationList, type NotificationGroup } from './NotificationList.tsx'
import { NotificationsPanel } from './NotificationsPanel.tsx'

type Props = {
  onClose: () => void
  /** A notification was opened: the panel closes. */
  onOpen: () => void
  groups: readonly NotificationGroup[]
}

/** The open notifications panel with its list: the chunk the bell loads. */
export function NotificationsOverlay({ onClose, onOpen, groups }: Props) {
  return (
    <NotificationsPanel open onClose={onClose} isEmpty={groups.length === 0}>
      <NotificationList groups={groups} onOpen={onOpen} />
    </NotificationsPanel>
  )
}
