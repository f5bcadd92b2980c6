import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { Route } from 'wouter'
import { fromPromise } from 'xstate'
import { RESET_CHECKS, resetPasswordMachine } from '../../src/machines/auth/resetPassword.ts'
import ResetPasswordRoute from '../../src/routes/auth/ResetPasswordRoute.tsx'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import { renderRoute } from '../ui/render.tsx'
import { byTestId, expectFeedback, fill, isBusy } from './screenHelpers.ts'
import { walkMachine } from './walk.tsx'

const form = () => byTestId('reset-form')

walkMachine({
  machine: resetPasswordMachine.definition,
  // The token comes from the address, as App.tsx routes it.
  render: (pending, variant) => {
    const { token } = variant.input as { token: string }
    return renderRoute(
      <Route path="/reset-password/:token?">
        <ResetPasswordRoute
          implementations={{
            actors: { changePassword: fromPromise(({ input }) => pending.add('changePassword', input)) },
          }}
        />
      </Route>,
      { path: token ? `/reset-password/${token}` : '/reset-password' },
    )
  },
  // The only event a person causes here is `submit`.
  perform: async (event, { user }) => {
    await fill(user, within(form()).getByLabelText('New password'), event.password)
    await fill(user, within(form()).getByLabelText('Confirm password'), event.confirmPassword)
    return user.click(within(form()).getByRole('button', { name: 'Change password' }))
  },
  expectScreen: {
    editing: ({ snapshot, pending }) => {
      expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy()
      expect(within(form()).getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login')
      expectFeedback(form(), snapshot.context.error, RESET_CHECKS, {
        password: 'New password',
        confirmPassword: 'Confirm password',
      })
      // The empty-field, password-rule, mismatch and missing-token checks run
      // before the call.
      if (snapshot.context.error && !snapshot.context.error.detail) expect(pending.calls).toEqual([])
      // A weak password is refused with the rules still in view, the unmet ones unticked.
      if (snapshot.context.error?.key === 'errors.auth.weakPassword') {
        expect(byTestId('password-requirements').hidden).toBe(false)
        expect(
          byTestId('password-requirements').querySelectorAll('[data-met="false"]').length,
        ).toBeGreaterThan(0)
      }
    },
    changing: ({ pending }) => {
      expect(isBusy(within(form()).getByRole('button', { name: 'Change password' }))).toBe(true)
      expect(pending.lastInput('changePassword')).toEqual({ token: SAMPLE.token, password: SAMPLE.password })
    },
    changed: ({ screen: rendered }) => {
      expect(within(byTestId('splash')).getByText('Password changed')).toBeTruthy()
      expect(rendered.currentPath()).toBe(`/reset-password/${SAMPLE.token}`)
    },
    done: ({ screen: rendered }) => {
      expect(rendered.currentPath()).toBe('/login')
    },
  },
})
