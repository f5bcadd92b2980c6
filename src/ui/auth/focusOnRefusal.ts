import { useEffect, useRef } from 'react'

/**
 * Where the focus goes after a submit comes back refused: to the first field marked invalid, else
 * to the form's alert. Without it a form whose controls were disabled while it was sent left the
 * focus on the page itself, and a form refused at once left it on its button. Returns the ref
 * for the form and what its submit handler calls; the move waits until the form is not busy.
 */
export function useFocusOnRefusal(busy: boolean) {
  const form = useRef<HTMLFormElement>(null)
  const submitted = useRef(false)
  useEffect(() => {
    if (!submitted.current || busy) return
    submitted.current = false
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus()
  })
  const onSubmitted = () => {
    submitted.current = true
  }
  return [form, onSubmitted] as const
}
