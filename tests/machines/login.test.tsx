import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import type { Notice } from '../../src/machines/parts/feedback.ts'
import { loginMachine } from '../../src/machines/auth/login.ts'
import LoginRoute from '../../src/routes/auth/LoginRoute.tsx'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import { renderRoute } from '../ui/render.tsx'
import { byTestId, enterCode, expectMessage, fill, isBusy } from './screenHelpers.ts'
import { noWayToPerform, walkMachine } from './walk.tsx'

const form = () => byTestId('login-form')
const codeForm = () => byTestId('login-code-form')
const WANTED = '/calendar?property=p-1'

walkMachine({
  machine: loginMachine.definition,
  render: async (pending) => {
    const notices: Notice[] = []
    const rendered = await renderRoute(
      <LoginRoute
        implementations={{
          actors: {
            sendLoginCode: fromPromise(({ input }) => pending.add('sendLoginCode', input)),
            signIn: fromPromise(({ input }) => pending.add('signIn', input)),
          },
          actions: { notify: (_, notice) => void notices.push(notice) },
        }}
      />,
      { path: `/login?next=${encodeURIComponent(WANTED)}` },
    )
    return { ...rendered, notices }
  },
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'submit':
        await fill(user, within(form()).getByLabelText('E-mail'), event.email)
        await fill(user, within(form()).getByLabelText('Password'), event.password)
        return user.click(within(form()).getByRole('button', { name: 'Sign in' }))
      case 'submitCode':
        await enterCode(user, codeForm(), event.code)
        return user.click(within(codeForm()).getByRole('button', { name: 'Verify' }))
      case 'resend':
        return user.click(within(codeForm()).getByRole('button', { name: 'Send a new code' }))
      case 'back':
        return user.click(within(codeForm()).getByRole('button', { name: 'Back' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    editing: ({ snapshot, screen: rendered }) => {
      expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy()
      // A refusal is said once, in the form's alert, which takes the focus: no toast over the header.
      expect(rendered.notices.filter((notice) => notice.kind === 'error')).toEqual([])
      if (snapshot.context.error) expect(document.activeElement).toBe(within(form()).getByRole('alert'))
      expect(within(form()).getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
        '/forgot-password',
      )
      // Registering instead still leads where the person was going.
      expect(within(form()).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
        `/registration?next=${encodeURIComponent(WANTED)}`,
      )
      expectMessage(form(), snapshot.context.error)
    },
    sendingCode: ({ pending }) => {
      expect(isBusy(within(form()).getByRole('button', { name: 'Sign in' }))).toBe(true)
      expect(pending.lastInput('sendLoginCode')).toEqual({ email: SAMPLE.email, password: SAMPLE.password })
    },
    // Sending the code failed: no two-factor, so the client signs in with the password alone.
    signingIn: ({ pending }) => {
      expect(isBusy(within(form()).getByRole('button', { name: 'Sign in' }))).toBe(true)
      expect(pending.lastInput('signIn')).toEqual({ email: SAMPLE.email, password: SAMPLE.password })
    },
    // A code just went out; "Send a new code" shows its wait and cannot be pressed.
    codeSent: ({ snapshot }) => {
      expect(screen.getByRole('heading', { name: 'Two-factor verification' })).toBeTruthy()
      const resend = within(codeForm()).getByRole('button', { name: /^Send a new code in \d:\d\d$/ })
      expect((resend as HTMLButtonElement).disabled).toBe(true)
      expect(resend.textContent).toMatch(/in [23]:\d\d$/)
      expectMessage(codeForm(), snapshot.context.error)
    },
    enteringCode: ({ snapshot, screen: rendered }) => {
      expect(rendered.notices.filter((notice) => notice.kind === 'error')).toEqual([])
      expect(screen.getByRole('heading', { name: 'Two-factor verification' })).toBeTruthy()
      expect(within(codeForm()).getByText(new RegExp(SAMPLE.email))).toBeTruthy()
      const resend = within(codeForm()).getByRole('button', { name: 'Send a new code' })
      expect((resend as HTMLButtonElement).disabled).toBe(false)
      expectMessage(codeForm(), snapshot.context.error)
    },
    verifying: ({ pending }) => {
      expect(isBusy(within(codeForm()).getByRole('button', { name: 'Verify' }))).toBe(true)
      // The code travels as a number.
      expect(pending.lastInput('signIn')).toEqual({
        email: SAMPLE.email,
        password: SAMPLE.password,
        tfaCode: Number(SAMPLE.code),
      })
    },
    welcome: ({ screen: rendered }) => {
      expect(within(byTestId('splash')).getByText('Welcome!')).toBeTruthy()
      expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'auth.loginSuccess' } })
    },
    done: ({ screen: rendered }) => {
      expect(rendered.currentPath()).toBe(WANTED)
    },
  },
})
