import toast from 'react-hot-toast'
import type { Feedback, Notice } from '../machines/feedback.ts'
import type { Translate } from '../domain/translator.ts'

/** A machine's feedback in words: the server's message when it sent one, else the key's text. */
export function feedbackText(t: Translate, feedback: Feedback): string
export function feedbackText(t: Translate, feedback: Feedback | undefined): string | undefined
export function feedbackText(t: Translate, feedback: Feedback | undefined) {
  return feedback && (feedback.detail ?? t(feedback.key, feedback.params))
}

/** Shows a machine's notice as a toast. */
export function showNotice(t: Translate, { kind, feedback }: Notice) {
  const text = feedbackText(t, feedback)
  if (kind === 'success') toast.success(text)
  else toast.error(text)
}
