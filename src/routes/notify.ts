import toast from 'react-hot-toast'
import type { Notice } from '../machines/feedback.ts'
import type { Translate } from '../domain/translator.ts'

/** Shows a machine's notice as a toast: the server's message when it sent one, else the key's text. */
export function showNotice(t: Translate, { kind, feedback }: Notice) {
  const text = feedback.detail ?? t(feedback.key)
  if (kind === 'success') toast.success(text)
  else toast.error(text)
}
