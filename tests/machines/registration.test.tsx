import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import type { Notice } from '../../src/machines/parts/feedback.ts'
import { registrationMachine } from '../../src/machines/auth/registration.ts'
import RegistrationRoute from '../../src/routes/auth/RegistrationRoute.tsx'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import { renderRoute } from '../ui/render.tsx'
import { byTestId, enterCode, expectFeedback, expectMessage, fill, isBusy } from './screenHelpers.ts'
import { noWayToPerform, walkMachine } from './walk.tsx'

const INVITATION = '/team/invitation/invitation-token'

const form = () => byTestId('registration-form')
const codeForm = () => byTestId('registration-code-form')

walkMachine({
  machine: registrationMachine.definition,
  render: async (pending) => {
    const notices: Notice[] = []
    const rendered = await renderRoute(
      <RegistrationRoute
        implementations={{
          actors: {
            sendCode: fromPromise(({ input }) => pending.add('sendCode', input)),
            register: fromPromise(({ input }) => pending.add('register', input)),
          },
          actions: { notify: (_, notice) => void notices.push(notice) },
        }}
      />,
      // Opened from an invitation's page, to come back to it once registered.
      { path: `/registration?next=${encodeURIComponent(INVITATION)}` },
    )
    return { ...rendered, notices }
  },
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'submit':
        await fill(user, within(form()).getByLabelText('E-mail'), event.email)
        await fill(user, within(form()).getByLabelText('Password'), event.password)
        await fill(user, within(form()).getByLabelText('Confirm password'), event.confirmPassword)
        return user.click(within(form()).getByRole('button', { name: 'Create account' }))
      case 'submitCode':
        await enterCode(user, codeForm(), event.code)
        return user.click(within(codeForm()).getByRole('button', { name: 'Confirm' }))
      case 'resend':
        return user.click(within(codeForm()).getByRole('button', { name: 'Send a new code' }))
      case 'back':
        return user.click(within(codeForm()).getByRole('button', { name: 'Change e-mail' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    editing: ({ snapshot }) => {
      expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy()
      // Signing in instead still comes back to the invitation.
      expect(within(form()).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
        `/login?next=${encodeURIComponent(INVITATION)}`,
      )
      const labels = { email: 'E-mail', password: 'Password', confirmPassword: 'Confirm password' }
      const error = snapshot.context.error
      expectFeedback(form(), error, {}, labels)
      // A refused form hands the focus to its first invalid field, else to its alert.
      if (error) {
        const first = Object.keys(error.fieldKeys ?? {})[0] as keyof typeof labels | undefined
        expect(document.activeElement).toBe(
          first ? within(form()).getByLabelText(labels[first]) : within(form()).getByRole('alert'),
        )
      }
    },
    sendingCode: ({ pending }) => {
      expect(isBusy(within(form()).getByRole('button', { name: 'Create account' }))).toBe(true)
      expect(pending.lastInput('sendCode')).toEqual({ email: SAMPLE.email })
    },
    // A code just went out; "Send a new code" shows its wait and cannot be pressed.
    codeSent: ({ snapshot }) => {
      expect(screen.getByRole('heading', { name: 'Confirm your e-mail' })).toBeTruthy()
      expect(within(codeForm()).getAllByRole('textbox')).toHaveLength(6)
      const resend = within(codeForm()).getByRole('button', { name: /^Send a new code in \d:\d\d$/ })
      expect((resend as HTMLButtonElement).disabled).toBe(true)
      expect(resend.textContent).toMatch(/in [23]:\d\d$/)
      expectMessage(codeForm(), snapshot.context.error)
    },
    enteringCode: ({ snapshot }) => {
      expect(screen.getByRole('heading', { name: 'Confirm your e-mail' })).toBeTruthy()
      expect(within(codeForm()).getByText(new RegExp(SAMPLE.email))).toBeTruthy()
      expect(within(codeForm()).getAllByRole('textbox')).toHaveLength(6)
      const resend = within(codeForm()).getByRole('button', { name: 'Send a new code' })
      expect((resend as HTMLButtonElement).disabled).toBe(false)
      expectMessage(codeForm(), snapshot.context.error)
    },
    resendingCode: ({ pending }) => {
      expect(
        (within(codeForm()).getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled,
      ).toBe(true)
      expect(pending.calls.filter((call) => call.id === 'sendCode')).toHaveLength(2)
    },
    confirming: ({ pending }) => {
      expect(isBusy(within(codeForm()).getByRole('button', { name: 'Confirm' }))).toBe(true)
      expect(pending.lastInput('register')).toEqual({
        email: SAMPLE.email,
        password: SAMPLE.password,
        code: SAMPLE.code,
      })
    },
    success: ({ screen: rendered }) => {
      expect(within(byTestId('splash')).getByText('Registration confirmed')).toBeTruthy()
      expect(rendered.notices.at(-1)).toEqual({
        kind: 'success',
        feedback: { key: 'registration.confirmed' },
      })
      expect(rendered.currentPath()).toBe(`/registration?next=${encodeURIComponent(INVITATION)}`)
    },
    done: ({ screen: rendered }) => {
      expect(rendered.currentPath()).toBe(INVITATION)
    },
  },
})
