import type { Translate } from '../../domain/translator.ts'

/**
 * The name a signed-in person sees for themselves: their own, or "No name yet" in
 * their language until they give one in Settings. Never a bare "-".
 */
export const ownName = (t: Translate, name: string | null | undefined) => name?.trim() || t('app.noName')
