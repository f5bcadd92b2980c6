import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'
import en from '../../locales/en.json'
import { createTranslator } from '../../src/domain/translator.ts'
import type { Feedback } from '../../src/machines/parts/feedback.ts'

export const english = createTranslator('en', en)

/** What the screen must say for a machine's feedback: the server's words, else the key's text. */
export const textOf = (feedback: Feedback) => feedback.detail ?? english(feedback.key, feedback.params)

/** The message in `container`, or none when the machine holds no error. */
export function expectMessage(container: HTMLElement, error: Feedback | undefined) {
  const alert = within(container).queryByRole('alert')
  if (error) expect(alert?.textContent).toBe(textOf(error))
  else expect(alert).toBeNull()
}

/** `message` sits under the field labelled `label`, which says it is invalid; no banner repeats it. */
export function expectMessageAtField(container: HTMLElement, label: string, message: string) {
  const field = within(container).getByLabelText(label)
  expect(field.getAttribute('aria-invalid')).toBe('true')
  const descriptions = (field.getAttribute('aria-describedby') ?? '').split(' ')
  const texts = descriptions.map((id) => document.getElementById(id)?.textContent)
  expect(texts).toContain(message)
  expect(within(container).queryByRole('alert')).toBeNull()
}

type ByName = Readonly<Partial<Record<string, string>>>

/**
 * Where a machine's feedback shows: a form's own checks under the fields they are about
 * (`fieldKeys`, or `checks` naming the field by key; `labels` labels it), anything else in the
 * form's alert.
 */
export function expectFeedback(
  container: HTMLElement,
  error: Feedback | undefined,
  checks: ByName,
  labels: ByName,
) {
  if (error?.fieldKeys) {
    for (const [name, key] of Object.entries(error.fieldKeys))
      expectMessageAtField(container, labels[name]!, english(key))
    return
  }
  const field = error && !error.fields ? checks[error.key] : undefined
  const label = field === undefined ? undefined : labels[field]
  if (error && label) expectMessageAtField(container, label, textOf(error))
  else expectMessage(container, error)
}

export async function fill(user: UserEvent, field: HTMLElement, value: string) {
  await user.clear(field)
  if (value) await user.type(field, value)
}

/** Pastes a code into the six boxes, as a person pasting from the mail would. */
export async function enterCode(user: UserEvent, container: HTMLElement, code: string) {
  const first = within(container).getByTestId('code-digit-0')
  await user.click(first)
  if (code) await user.paste(code)
  else
    for (let index = 0; index < 6; index++)
      await user.clear(within(container).getByTestId(`code-digit-${index}`))
}

export const byTestId = (id: string) => screen.getByTestId(id)
export const isBusy = (button: HTMLElement) => button.getAttribute('aria-busy') === 'true'
