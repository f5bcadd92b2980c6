import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { fromPromise } from 'xstate'
import type { Notice } from '../../src/machines/parts/feedback.ts'
import { FORGOT_CHECKS, forgotPasswordMachine } from '../../src/machines/auth/forgotPassword.ts'
import ForgotPasswordRoute from '../../src/routes/auth/ForgotPasswordRoute.tsx'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import { renderRoute } from '../ui/render.tsx'
import { byTestId, expectFeedback, fill, isBusy } from './screenHelpers.ts'
import { noWayToPerform, walkMachine } from './walk.tsx'

const form = () => byTestId('forgot-form')
const sent = () => byTestId('forgot-sent')
const backToLogin = (container: HTMLElement) =>
  expect(within(container).getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login')

walkMachine({
  machine: forgotPasswordMachine.definition,
  render: async (pending) => {
    const notices: Notice[] = []
    const rendered = await renderRoute(
      <ForgotPasswordRoute
        implementations={{
          actors: { sendLink: fromPromise(({ input }) => pending.add('sendLink', input)) },
          actions: { notify: (_, notice) => void notices.push(notice) },
        }}
      />,
      { path: '/forgot-password' },
    )
    return { ...rendered, notices }
  },
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'submit':
        if (screen.queryByTestId('forgot-sent'))
          return user.click(within(sent()).getByRole('button', { name: 'Send it again' }))
        await fill(user, within(form()).getByLabelText('E-mail'), event.email)
        return user.click(within(form()).getByRole('button', { name: 'Send reset link' }))
      case 'retry':
        return user.click(within(sent()).getByRole('button', { name: 'Use another e-mail' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    enteringEmail: ({ snapshot, pending }) => {
      expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeTruthy()
      backToLogin(form())
      expectFeedback(form(), snapshot.context.error, FORGOT_CHECKS, { email: 'E-mail' })
      // An empty address is refused without a call.
      if (snapshot.context.error?.key === 'auth.enterEmail') expect(pending.calls).toEqual([])
    },
    sending: ({ pending }) => {
      expect(isBusy(within(form()).getByRole('button', { name: 'Send reset link' }))).toBe(true)
      expect(pending.lastInput('sendLink')).toEqual({ email: SAMPLE.email })
    },
    linkSent: ({ screen: rendered }) => {
      expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy()
      expect(within(sent()).getByText(SAMPLE.email)).toBeTruthy()
      expect(within(sent()).getByText(SAMPLE.serverMessage)).toBeTruthy()
      backToLogin(sent())
      expect(rendered.notices.at(-1)).toEqual({ kind: 'success', feedback: { key: 'forgot.checkEmail' } })
    },
  },
})
