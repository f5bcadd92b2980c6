/**
 * A platform's own booking rules, which its export writes as closed nights in the same words as
 * a night the host closed (docs/product.md §11.4): none of them is a stay, so none occupies a
 * night, clashes, or goes to another platform. `src/domain/airbnbRules.ts` finds them.
 */

export const PLATFORM_RULES = ['notice', 'window', 'preparation'] as const
export type PlatformRule = (typeof PLATFORM_RULES)[number]

export const isPlatformRule = (value: unknown): value is PlatformRule =>
  (PLATFORM_RULES as readonly unknown[]).includes(value)
