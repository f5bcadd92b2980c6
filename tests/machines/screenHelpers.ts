import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'
import en from '../../locales/en.json'
import { createTranslator } from '../../src/domain/translator.ts'
import type { Feedback } from '../../src/machines/feedback.ts'

export const english = createTranslator('en', en)

/** What the screen must say for a machine's feedback: the server's words, else the key's text. */
export const textOf = (feedback: Feedback) => feedback.detail ?? english(feedback.key, feedback.params)

/** The message in `container`, or none when the machine holds no error. */
export function expectMessage(container: HTMLElement, error: Feedback | undefined) {
  const alert = within(container).queryByRole('alert')
  if (error) expect(alert?.textContent).toBe(textOf(error))
  else expect(alert).toBeNull()
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
