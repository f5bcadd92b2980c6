/** The fixed links of the user menu; their pages are not written yet, so they show "coming update...". */
export const USER_MENU_LINKS = [
  { href: '/support', labelKey: 'header.support', icon: 'help' },
  { href: '/terms', labelKey: 'header.terms', icon: 'document' },
  { href: '/privacy', labelKey: 'header.privacy', icon: 'shield' },
] as const
