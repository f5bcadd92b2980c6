import { Link } from 'wouter'
import { useI18n } from '../../i18n.tsx'
import { ChevronStartIcon } from '../common/icons.tsx'
import { PATHS } from '../../domain/paths.ts'

/** The way back to /login from the password screens. */
export function BackToLogin() {
  const { t } = useI18n()
  return (
    <Link
      href={PATHS.login}
      className="inline-flex items-center gap-1 self-center text-sm font-medium text-brand-700 hover:underline"
    >
      <ChevronStartIcon width={16} height={16} />
      {t('auth.backToLogin')}
    </Link>
  )
}
