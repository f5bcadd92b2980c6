import type { ReactElement } from 'react'
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

/**
 * How long a notice that arrived live stays up: its words and a link take longer to read and
 * reach than a plain toast's 4 s (hovering it holds it, as every toast).
 */
export const NEWS_TOAST_MS = 10_000

/**
 * Shows a notice that arrived live as a polite toast (role=status, aria-live=polite: a screen
 * reader says it when it is free, and the focus stays where it was). `id` keeps it to one toast:
 * the same notice shown again replaces its toast instead of adding one.
 */
export function showNewsToast(id: string, content: (dismiss: () => void) => ReactElement) {
  void import('react-hot-toast').then(({ default: toast }) =>
    toast((shown) => content(() => toast.dismiss(shown.id)), { id, duration: NEWS_TOAST_MS }),
  )
}

/** Shows a machine's notice as a toast. */
export function showNotice(t: Translate, { kind, feedback }: Notice) {
  showToast(kind, feedbackText(t, feedback))
}

/**
 * A failure split for a form: a check of the form's own (`ownChecks`, by key) and
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
  const ownField = feedback && !feedback.fields ? ownChecks[feedback.key] : undefined
  if (ownField)
    return { fields: { [ownField]: feedbackText(t, feedback) } as typeof fields, banner: undefined }
  const blamed = feedback?.fields ?? {}
  for (const name of shown) if (blamed[name]) fields[name] = blamed[name]
  const names = Object.keys(blamed)
  const allAtFields = names.length > 0 && names.every((name) => (shown as readonly string[]).includes(name))
  return { fields, banner: allAtFields ? undefined : feedbackText(t, feedback) }
}
