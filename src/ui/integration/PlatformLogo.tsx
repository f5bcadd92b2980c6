import type { IntegrationPlatform } from '../../domain/platforms.ts'

/** A lettermark in the platform's colours, drawn here: no third-party image is loaded. */
export function PlatformLogo({ platform }: { platform: IntegrationPlatform }) {
  return (
    <svg viewBox="0 0 48 48" width={48} height={48} aria-hidden="true" className="shrink-0">
      <rect width="48" height="48" rx="12" fill={platform.logo.background} />
      <text
        x="22"
        y="33"
        textAnchor="middle"
        fontSize="24"
        fontWeight="700"
        fontFamily="Inter, 'Segoe UI', system-ui, sans-serif"
        fill="#FFFFFF"
      >
        {platform.logo.letter}
      </text>
      <circle cx="35" cy="31" r="3.2" fill={platform.logo.accent} />
    </svg>
  )
}
