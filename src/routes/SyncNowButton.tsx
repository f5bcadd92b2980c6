import { useMutation, useQueryClient } from '@tanstack/react-query'
import toast from 'react-hot-toast'
import { api } from '../actors/api.ts'
import { useI18n } from '../i18n.tsx'
import { Button } from '../ui/form.tsx'
import { BOOKINGS_KEY } from './bookingKeys.ts'
import { PROPERTIES_KEY } from './properties/queries.ts'

/**
 * "Sync now": the server fetches every calendar of the host at once. New bookings then arrive on
 * the notification stream; the links' last-synced times and the calendars reload here.
 */
export function SyncNowButton() {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const sync = useMutation({
    mutationFn: api.notification.trigger,
    onSuccess: (result) => toast.success(t('calendar.synced', { count: result.synced })),
    onError: (failure) => toast.error(failure.message || t('calendar.syncFailed')),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROPERTIES_KEY }),
        queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
      ]),
  })
  return (
    <Button
      type="button"
      variant="secondary"
      busy={sync.isPending}
      onClick={() => sync.mutate()}
      data-testid="sync-now"
      className="h-9 self-start"
    >
      {t('calendar.syncNow')}
    </Button>
  )
}
