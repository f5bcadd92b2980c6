import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route } from 'wouter'
import { fromPromise } from 'xstate'
import ResetPasswordRoute from '../../src/routes/auth/ResetPasswordRoute.tsx'
import { RegistrationView } from '../../src/ui/auth/RegistrationView.tsx'
import { renderWithProviders } from './providers.tsx'
import { expectMessageAtField } from '../machines/screenHelpers.ts'
import { renderRoute } from './render.tsx'

afterEach(() => vi.restoreAllMocks())

const rules = () => screen.getByTestId('password-requirements')
const unmet = () =>
  [...rules().querySelectorAll('[data-met="false"]')].map((rule) => rule.getAttribute('data-rule'))

function renderRegistration(options?: Parameters<typeof renderWithProviders>[1]) {
  return renderWithProviders(
    <RegistrationView
      state="editing"
      email=""
      onSubmit={() => {}}
      onSubmitCode={() => {}}
      onResend={() => {}}
      onBack={() => {}}
    />,
    options,
  )
}

describe('the password rules', () => {
  it('sit in the flow between the password and what follows it, never floating over it', async () => {
    await renderRegistration()
    const form = screen.getByTestId('registration-form')
    const password = within(form).getByLabelText('Password')
    const confirm = within(form).getByLabelText('Confirm password')
    await userEvent.type(password, 'Short1')
    expect(rules().hidden).toBe(false)
    // In the document's order, after the field and before Confirm password, and not taken out of
    // the flow by any positioning: whatever comes after it moves down instead of being covered.
    expect(password.compareDocumentPosition(rules()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(rules().compareDocumentPosition(confirm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    for (let box: HTMLElement | null = rules(); box && box !== form; box = box.parentElement) {
      expect(box.className).not.toMatch(/\b(absolute|fixed)\b/)
    }
  })

  it('appear with the focus, stay while a rule is unmet (leaving the field moves nothing), and give way to one line once all are met', async () => {
    await renderRegistration()
    const password = screen.getByLabelText('Password')
    expect(rules().hidden).toBe(true)
    fireEvent.focus(password)
    expect(rules().hidden).toBe(false)
    expect(unmet()).toEqual(['length', 'upper', 'lower', 'digit', 'symbol'])

    await userEvent.type(password, 'sunny-day')
    expect(unmet()).toEqual(['upper', 'digit'])
    // Leaving the field (on the way to the button) changes nothing on the screen.
    fireEvent.blur(password)
    expect(rules().hidden).toBe(false)
    expect(screen.getByTestId('password-all-met').textContent).toBe('')

    await userEvent.clear(password)
    await userEvent.type(password, 'Sunny-Day-42')
    expect(unmet()).toEqual([])
    expect(rules().hidden).toBe(true)
    expect(screen.getByTestId('password-all-met').textContent).toBe('Your password meets every requirement')
    fireEvent.blur(password)
    expect(rules().hidden).toBe(true)

    // A rule broken again brings the list back.
    await userEvent.type(password, '{Backspace}{Backspace}')
    expect(unmet()).toEqual(['digit'])
    expect(rules().hidden).toBe(false)
  })

  it('are in Arabic in the Arabic interface', async () => {
    await renderRegistration({ language: 'ar' })
    const password = screen.getByLabelText('كلمة المرور')
    await userEvent.type(password, 'Sunny-Day-42')
    expect(screen.getByTestId('password-all-met').textContent).toBe('كلمة المرور تستوفي جميع المتطلبات')
  })
})

describe('the reset-password page', () => {
  async function renderReset() {
    const changePassword = vi.fn<(input: { token: string; password: string }) => Promise<unknown>>(
      async () => ({ message: 'ok' }),
    )
    await renderRoute(
      <Route path="/reset-password/:token?">
        <ResetPasswordRoute
          implementations={{ actors: { changePassword: fromPromise(({ input }) => changePassword(input)) } }}
        />
      </Route>,
      { path: '/reset-password/mailed-token' },
    )
    return changePassword
  }

  it('shows the same rules as registration while the new password is typed', async () => {
    await renderReset()
    await userEvent.type(screen.getByLabelText('New password'), 'weakpass')
    expect(rules().hidden).toBe(false)
    expect(unmet()).toEqual(['upper', 'digit', 'symbol'])
  })

  it("refuses a weak password with the password rule's message before any call", async () => {
    const changePassword = await renderReset()
    await userEvent.type(screen.getByLabelText('New password'), 'weakpass')
    await userEvent.type(screen.getByLabelText('Confirm password'), 'weakpass')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    // Said at the password, not above the button.
    expectMessageAtField(
      document.body,
      'New password',
      'Use 8+ characters with upper, lower, number & symbol',
    )
    expect(changePassword).not.toHaveBeenCalled()

    // A strong one goes through.
    await userEvent.clear(screen.getByLabelText('New password'))
    await userEvent.clear(screen.getByLabelText('Confirm password'))
    await userEvent.type(screen.getByLabelText('New password'), 'Sunny-Day-42')
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Sunny-Day-42')
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(changePassword).toHaveBeenCalledWith({ token: 'mailed-token', password: 'Sunny-Day-42' })
  })
})
