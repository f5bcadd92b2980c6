import type { Feedback, Notice } from '../machines/parts/feedback.ts'
import type { Translate } from '../domain/translator.ts'

/** A machine's feedback in words: the server's message when it sent one, else the key's text. */
export function feedbackText(t: Translate, feedback: Feedback): string
export function feedbackText(t: Translate, feedback: Feedback | undefined): string | undefined
export function feedbackText(t: Translate, feedback: Feedback | undefined) {
  return feedback && (feedback.detail ?? t(feedback.key, feedback.params))
}

/**
 * Shows a toast. The toast library is loaded on the first one (no screen paints
 * waiting for it); the page's `Toasts` shows what was queued meanwhile.
 */
export function showToast(kind: 'success' | 'error', text: string) {
  void import('react-hot-toast').then(({ default: toast }) => toast[kind](text))
}

/** Shows a machine's notice as a toast. */
export function showNotice(t: Translate, { kind, feedback }: Notice) {
  showToast(kind, feedbackText(t, feedback))
}

/**
 * A failure split for a form: the form's own checks (`fieldKeys`, each field's key, or
 * `ownChecks` naming the field of a key) and
 * the server's sentence for each of the form's fields go to that field; the banner carries the
 * message unless every field the server blamed shows its own sentence.
 */
export function formFeedback<Field extends string>(
  t: Translate,
  feedback: Feedback | undefined,
  shown: readonly Field[],
  ownChecks: Readonly<Partial<Record<string, Field>>> = {},
): { fields: Partial<Record<Field, string>>; banner: string | undefined } {
  const fields: Partial<Record<Field, string>> = {}
  if (feedback?.fieldKeys) {
    for (const name of shown) {
      const key = feedback.fieldKeys[name]
      if (key) fields[name] = t(key)
    }
    return { fields, banner: undefined }
  }
  const ownField = feedback && !feedback.fields ? ownChecks[feedback.key] : undefined
  if (ownField)
    return { fields: { [ownField]: feedbackText(t, feedback) } as typeof fields, banner: undefined }
  const blamed = feedback?.fields ?? {}
  for (const name of shown) if (blamed[name]) fields[name] = blamed[name]
  const names = Object.keys(blamed)
  const allAtFields = names.length > 0 && names.every((name) => (shown as readonly string[]).includes(name))
  return { fields, banner: allAtFields ? undefined : feedbackText(t, feedback) }
}
