import { useQuery } from '@tanstack/react-query'
import { api } from '../actors/api.ts'
import { useI18n } from '../i18n.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { GuestsTable } from '../ui/guests/GuestsTable.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { GuestsIcon } from '../ui/appIcons.tsx'
import { QueryStatus } from './QueryStatus.tsx'

export const GUESTS_KEY = ['guests'] as const

/** The guests behind the bookings, with what they booked and spent (docs/product.md §2.17). */
export default function GuestsRoute() {
  const { t } = useI18n()
  const guests = useQuery({ queryKey: GUESTS_KEY, queryFn: api.guest.list })
  return (
    <>
      <PageHeader title={t('pages.guests.title')} subtitle={t('guests.subtitle')} />
      <QueryStatus query={guests}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState text={t('pages.guests.empty')} icon={<GuestsIcon width={32} height={32} />} />
          ) : (
            <GuestsTable guests={list} />
          )
        }
      </QueryStatus>
    </>
  )
}
