import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { api } from '../actors/api.ts'
import { ApiError } from '../actors/http.ts'
import { useI18n } from '../i18n.tsx'
import { Button } from '../ui/form.tsx'
import { BOOKINGS_KEY } from './bookingKeys.ts'
import { PROPERTIES_KEY } from './properties/queries.ts'
import { useCountdown } from './useCountdown.ts'

/**
 * "Sync now": the server fetches every calendar of the host at once. New bookings then arrive on
 * the notification stream; the links' last-synced times and the calendars reload here.
 * The server allows one a minute: a refusal shows its message, and the button waits out its
 * `Retry-After`, counting down, before it can be pressed again.
 */
export function SyncNowButton() {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const wait = useCountdown()
  const sync = useMutation({
    mutationFn: api.notification.trigger,
    onSuccess: (result) => {
      if (result.synced > 0 || result.failed === 0)
        toast.success(t('calendar.synced', { count: result.synced }))
      // A refused feed is no success: say so, and where to read why.
      if (result.failed > 0) toast.error(t('calendar.notSynced', { count: result.failed }))
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.retryAfterSeconds) wait.start(failure.retryAfterSeconds)
      toast.error(failure.message || t('calendar.syncFailed'))
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
      className="h-9 self-start"
    >
      {waiting ? t('calendar.syncAgainIn', { count: wait.secondsLeft }) : t('calendar.syncNow')}
    </Button>
  )
}
