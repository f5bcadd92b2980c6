/** The four platforms the integration page offers, each with its mark's colours. */
export const INTEGRATION_PLATFORMS = [
  { name: 'Airbnb', letter: 'A', background: '#FF385C', accent: '#FFFFFF' },
  { name: 'Booking.com', letter: 'B', background: '#003580', accent: '#35B6F0' },
  { name: 'Vrbo', letter: 'V', background: '#1E3C8C', accent: '#8FB5FF' },
  { name: 'Gathern', letter: 'G', background: '#0E7C66', accent: '#F7C948' },
] as const

export type IntegrationPlatform = (typeof INTEGRATION_PLATFORMS)[number]

/** A lettermark in the platform's colours, drawn here: no third-party image is loaded. */
export function PlatformLogo({ platform }: { platform: IntegrationPlatform }) {
  return (
    <svg viewBox="0 0 48 48" width={48} height={48} aria-hidden="true" className="shrink-0">
      <rect width="48" height="48" rx="12" fill={platform.background} />
      <text
        x="22"
        y="33"
        textAnchor="middle"
        fontSize="24"
        fontWeight="700"
        fontFamily="Inter, 'Segoe UI', system-ui, sans-serif"
        fill="#FFFFFF"
      >
        {platform.letter}
      </text>
      <circle cx="35" cy="31" r="3.2" fill={platform.accent} />
    </svg>
  )
}
