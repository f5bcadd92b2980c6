import { useCallback } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../actors/api.ts'
import { ApiError } from '../../actors/http.ts'
import { showToast } from '../../common/notify.ts'
import { useI18n } from '../../i18n.tsx'
import { Button } from '../../ui/common/form.tsx'
import { BOOKINGS_KEY } from '../bookings/bookingsKey.ts'
import { PROPERTIES_KEY } from '../properties/propertyList.ts'
import { useSecondsUntil } from '../../common/useCountdown.ts'

/** The account's wait after a 429: when it ends, and how long it was. */
type SyncWait = { until: number; seconds: number }
const SYNC_WAIT_KEY = ['sync', 'wait'] as const

/**
 * Seconds left of the account's wait before it may sync again. The wait is the account's, not a
 * button's: every Sync now on screen (calendar header, property cards, the property modal) reads
 * it from the query cache, so a refusal on one counts down on all.
 */
function useSyncWait() {
  const queryClient = useQueryClient()
  const { data: wait } = useQuery<SyncWait | null>({
    queryKey: SYNC_WAIT_KEY,
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  })
  const secondsLeft = useSecondsUntil(wait?.until, wait?.seconds)
  const start = useCallback(
    (seconds: number) =>
      queryClient.setQueryData<SyncWait>(SYNC_WAIT_KEY, { until: Date.now() + seconds * 1000, seconds }),
    [queryClient],
  )
  return { secondsLeft, start }
}

/**
 * "Sync now": the server fetches every calendar of the host at once. New bookings then arrive on
 * the notification stream; the links' last-synced times and the calendars reload here.
 * The server allows one a minute: a refusal shows its message, and the button waits out its
 * `Retry-After`, counting down, before it can be pressed again.
 */
export function SyncNowButton({ className = 'h-9 self-start' }: { className?: string }) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const wait = useSyncWait()
  const sync = useMutation({
    mutationFn: api.notification.trigger,
    onSuccess: (result) => {
      if (result.synced > 0 || result.failed === 0)
        showToast('success', t('calendar.synced', { count: result.synced }))
      // A refused feed is no success: say so, and where to read why.
      if (result.failed > 0) showToast('error', t('calendar.notSynced', { count: result.failed }))
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.retryAfterSeconds) wait.start(failure.retryAfterSeconds)
      showToast('error', failure.message || t('calendar.syncFailed'))
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROPERTIES_KEY }),
        queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
      ]),
  })
  const waiting = wait.secondsLeft > 0
  return (
    <Button
      type="button"
      variant="secondary"
      busy={sync.isPending}
      disabled={waiting}
      onClick={() => sync.mutate()}
      data-testid="sync-now"
      className={className}
    >
      {waiting ? t('calendar.syncAgainIn', { count: wait.secondsLeft }) : t('calendar.syncNow')}
    </Button>
  )
}
