import type { ReactNode } from 'react'
import { useI18n } from '../../i18n.tsx'

/**
 * Shapes that hold a section's place while it loads (nothing below moves when it
 * arrives): read out once as "Loading…", hidden from assistive technology themselves.
 */
export function LoadingPlaceholder({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  return (
    <div>
      <p role="status" className="sr-only">
        {t('app.loading')}
      </p>
      <div aria-hidden="true">{children}</div>
    </div>
  )
}
