import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import type { ReactNode } from 'react'
import {
  removePlatform,
  selectPlatform,
  setPlatformLink,
  type PlatformLink,
} from '../../domain/platformSelection.ts'
import type { Translate } from '../../domain/translator.ts'
import { useI18n } from '../../i18n.tsx'
import { FieldError } from '../common/form.tsx'
import { CheckIcon, ChevronDownIcon } from '../common/icons.tsx'
import { TrashIcon } from '../common/appIcons.tsx'

/** What the platform list call has answered so far. */
export type PlatformChoices =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; names: string[] }

/** Platform names are proper names; only the catch-all "Other" is translated. */
export const platformLabel = (t: Translate, name: string) =>
  name === 'Other' ? t('property.otherPlatform') : name

function ChoiceStatus({ text, tone = 'muted' }: { text: string; tone?: 'muted' | 'error' }) {
  return (
    <p role="status" className={`px-3 py-2 text-sm ${tone === 'error' ? 'text-red-600' : 'text-slate-500'}`}>
      {text}
    </p>
  )
}

/**
 * A dropdown of the available platforms (closing on an outside click), then a link
 * input and a remove button per chosen platform. Choosing one twice does nothing; removing one
 * drops its link.
 */
export function PlatformLinks({
  links,
  onChange,
  choices,
  disabled,
  statusOf,
  errorOf,
}: {
  links: PlatformLink[]
  onChange: (links: PlatformLink[]) => void
  choices: PlatformChoices
  disabled?: boolean
  /** What is known of a stored link (when it last synced, why it failed), shown under its input. */
  statusOf?: (link: PlatformLink) => ReactNode
  /** A link's problem, translated, shown under its input. */
  errorOf?: (link: PlatformLink) => string | undefined
}) {
  const { t } = useI18n()
  const chosen = new Set(links.map((link) => link.platformName))
  return (
    <div className="flex flex-col gap-3" data-testid="platform-links">
      <Menu as="div" className="relative">
        <MenuButton
          disabled={disabled}
          data-testid="platform-selector"
          className="flex h-11 w-full items-center justify-between gap-2 rounded-xl border border-slate-300 bg-white px-3.5 text-sm text-slate-700 hover:bg-slate-50 disabled:bg-slate-100"
        >
          {t('property.choosePlatform')}
          <ChevronDownIcon width={16} height={16} className="text-slate-400" />
        </MenuButton>
        <MenuItems
          anchor={{ to: 'bottom start', gap: 6 }}
          data-testid="platform-options"
          className="z-[60] w-[var(--button-width)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
        >
          {choices.status === 'loading' && <ChoiceStatus text={t('app.loading')} />}
          {choices.status === 'failed' && <ChoiceStatus text={t('property.platformsFailed')} tone="error" />}
          {choices.status === 'ready' && choices.names.length === 0 && (
            <ChoiceStatus text={t('property.platformsEmpty')} />
          )}
          {choices.status === 'ready' &&
            choices.names.map((name) => (
              <MenuItem key={name}>
                <button
                  type="button"
                  onClick={() => onChange(selectPlatform(links, name))}
                  className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-sm text-slate-700 data-[focus]:bg-slate-100"
                >
                  {platformLabel(t, name)}
                  {chosen.has(name) && <CheckIcon width={16} height={16} className="text-brand-700" />}
                </button>
              </MenuItem>
            ))}
        </MenuItems>
      </Menu>
      {links.map((link) => {
        const label = platformLabel(t, link.platformName)
        const inputId = `platform-link-${link.platformName}`
        const error = errorOf?.(link)
        return (
          <div key={link.platformName} data-testid="platform-link" className="flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
              {t('property.platformLink', { platform: label })}
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                type="url"
                dir="ltr"
                value={link.urlPath}
                placeholder="https://…/calendar.ics"
                onChange={(event) => onChange(setPlatformLink(links, link.platformName, event.target.value))}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                className="h-11 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3.5 text-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-100"
              />
              <button
                type="button"
                onClick={() => onChange(removePlatform(links, link.platformName))}
                disabled={disabled}
                aria-label={t('property.removePlatform', { platform: label })}
                className="flex size-11 shrink-0 items-center justify-center rounded-xl border border-slate-300 text-slate-500 hover:border-red-300 hover:bg-red-50 hover:text-red-600"
              >
                <TrashIcon width={18} height={18} />
              </button>
            </div>
            <FieldError id={`${inputId}-error`} message={error} />
            {statusOf?.(link)}
          </div>
        )
      })}
    </div>
  )
}
