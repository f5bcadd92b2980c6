import type { ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useI18n } from '../../i18n.tsx'
import { Button } from './form.tsx'
import { Spinner } from './Spinner.tsx'

/** A list screen's three faces: "Loading...", the failure in red with a retry, or the data. */
export function QueryStatus<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
}) {
  const { t } = useI18n()
  if (query.isPending) return <Spinner label={t('app.loading')} className="py-6" />
  if (query.isError) {
    return (
      <div className="flex flex-wrap items-center gap-4 py-6">
        <p role="alert" className="text-sm text-red-600">
          {query.error.message || t('app.unexpectedError')}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('app.retry')}
        </Button>
      </div>
    )
  }
  return <>{children(query.data)}</>
}
