import { fromCallback } from 'xstate'
import type { ConnectionEvent, StreamNotification } from '../../machines/notifications/notificationStream.ts'
import { apiPaths } from '../../../contract/paths.ts'
import { API_BASE } from '../../actors/http.ts'

export const NOTIFICATION_STREAM_URL = `${API_BASE}${apiPaths.notification.stream.url}`

const isStreamNotification = (value: unknown): value is StreamNotification => {
  const candidate = value as Partial<StreamNotification> | null
  return typeof candidate?.id === 'string' && typeof candidate.ical === 'string'
}

/**
 * An EventSource on /api/notification/sse, listening to `notification` and `replaced` (docs/product.md
 * §12.2). An error or a replacement closes it (the machine decides when to try again, instead of
 * EventSource's own fixed retry).
 */
export const eventSourceConnection = fromCallback<{ type: 'close' }>(({ sendBack }) => {
  const report = (event: ConnectionEvent) => sendBack(event)
  const source = new EventSource(NOTIFICATION_STREAM_URL, { withCredentials: true })
  source.onopen = () => report({ type: 'opened' })
  source.onerror = () => {
    source.close()
    report({ type: 'dropped' })
  }
  source.addEventListener('replaced', () => {
    source.close()
    report({ type: 'replaced' })
  })
  source.addEventListener('notification', (message: MessageEvent<string>) => {
    try {
      const notification: unknown = JSON.parse(message.data)
      if (!isStreamNotification(notification)) throw new Error('unexpected shape')
      report({ type: 'received', notification })
    } catch (failure) {
      console.error('Ignored an unreadable notification from the stream', failure)
    }
  })
  return () => source.close()
})
