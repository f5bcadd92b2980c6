import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fromPromise } from 'xstate'
import { ApiError } from '../../src/actors/http.ts'
import type { Notice } from '../../src/machines/parts/feedback.ts'
import {
  PROFILE_CHECKS,
  profileFormMachine,
  type ProfileField,
} from '../../src/machines/settings/profileForm.ts'
import { ProfileSection } from '../../src/routes/settings/ProfileSection.tsx'
import { SAMPLE } from '../../scripts/machineCatalog.ts'
import { renderWithProviders } from '../ui/providers.tsx'
import {
  byTestId,
  enterCode,
  expectFeedback,
  expectMessage,
  expectMessageAtField,
  fill,
  isBusy,
} from './screenHelpers.ts'
import { aProfile } from './settingsFixtures.ts'
import { noWayToPerform, PendingCalls, walkMachine } from './walk.tsx'

const form = () => byTestId('personal-info-form')
const codeForm = () => byTestId('email-code-form')
const LABELS: Record<ProfileField, string> = {
  name: 'Full name',
  phone: 'Phone',
  email: 'E-mail',
  residentalAddress: 'Residential address',
}
const input = (field: ProfileField) => within(form()).getByLabelText(LABELS[field]) as HTMLInputElement
const passwordInput = () => within(form()).queryByLabelText('Current password') as HTMLInputElement | null

async function renderSection(pending: PendingCalls) {
  const notices: Notice[] = []
  const saved: unknown[] = []
  const rendered = await renderWithProviders(
    <ProfileSection
      profile={aProfile()}
      implementations={{
        actors: {
          save: fromPromise(({ input: fields }) => pending.add('save', fields)),
          confirmEmail: fromPromise(({ input: code }) => pending.add('confirmEmail', code)),
        },
        actions: {
          notify: (_, notice) => void notices.push(notice),
          saved: (_, profile) => void saved.push(profile),
        },
      }}
    />,
  )
  return { ...rendered, notices, saved }
}

walkMachine({
  machine: profileFormMachine.definition,
  render: renderSection,
  perform: async (event, { user }) => {
    switch (event.type) {
      case 'change':
        return fill(user, input(event.field), event.value)
      case 'changeCurrentPassword': {
        const field = passwordInput()
        if (!field) throw new Error('the password is asked for only while the e-mail address changes')
        return fill(user, field, event.value)
      }
      case 'save':
        return user.click(within(form()).getByRole('button', { name: 'Save' }))
      case 'submitCode':
        await enterCode(user, codeForm(), event.code)
        return user.click(within(codeForm()).getByRole('button', { name: 'Confirm' }))
      case 'cancelEmailChange':
        return user.click(within(codeForm()).getByRole('button', { name: 'Cancel' }))
      default:
        return noWayToPerform(event)
    }
  },
  expectScreen: {
    editing: ({ snapshot, screen: rendered }) => {
      const { fields, savedEmail, error } = snapshot.context
      for (const field of Object.keys(LABELS) as ProfileField[])
        expect(input(field).value).toBe(fields[field])
      const changed = fields.email !== savedEmail
      expect(Boolean(within(form()).queryByRole('button', { name: 'Verify' }))).toBe(changed)
      expect(Boolean(within(form()).queryByText('Verified'))).toBe(!changed)
      // A new address needs the current password, asked for right there.
      expect(passwordInput()?.value ?? null).toBe(changed ? snapshot.context.currentPassword : null)
      expect(screen.queryByTestId('email-code-form')).toBeNull()
      expectFeedback(form(), error, PROFILE_CHECKS, { ...LABELS, currentPassword: 'Current password' })
      const last = rendered.notices.at(-1)?.feedback.key
      if (last) expect(['settings.saved', 'settings.emailChanged']).toContain(last)
      if (last === 'settings.emailChanged') expect(input('email').value).toBe(SAMPLE.newEmail)
    },
    saving: ({ pending, snapshot }) => {
      expect(isBusy(within(form()).getByRole('button', { name: 'Save' }))).toBe(true)
      const changed = input('email').value !== snapshot.context.savedEmail
      expect(pending.lastInput('save')).toEqual({
        name: input('name').value,
        phone: input('phone').value,
        email: input('email').value,
        residentalAddress: input('residentalAddress').value,
        ...(changed ? { currentPassword: passwordInput()?.value } : {}),
      })
    },
    enteringEmailCode: ({ snapshot, screen: rendered }) => {
      // The new address waits for its code: the form keeps the one in effect, locked meanwhile.
      expect(within(codeForm()).getByText(new RegExp(SAMPLE.newEmail))).toBeTruthy()
      expect(input('email').value).toBe(SAMPLE.email)
      expect(input('name').disabled).toBe(true)
      expectMessage(codeForm(), snapshot.context.error)
      expect(rendered.saved.length).toBeGreaterThan(0)
    },
    confirmingEmail: ({ pending }) => {
      expect(isBusy(within(codeForm()).getByRole('button', { name: 'Confirm' }))).toBe(true)
      expect(pending.lastInput('confirmEmail')).toEqual({ code: Number(SAMPLE.code) })
    },
  },
})

describe('changing the e-mail address in the settings', () => {
  it('sends the current password with the new address, and asks again after a refusal', async () => {
    const pending = new PendingCalls()
    const user = userEvent.setup()
    await renderSection(pending)
    await fill(user, input('email'), SAMPLE.newEmail)
    await user.click(within(form()).getByRole('button', { name: 'Save' }))
    expectMessageAtField(
      form(),
      'Current password',
      'Enter your current password to change the e-mail address',
    )
    expect(pending.calls).toEqual([])

    await fill(user, passwordInput() as HTMLElement, SAMPLE.password)
    await user.click(within(form()).getByRole('button', { name: 'Save' }))
    expect(pending.lastInput('save')).toMatchObject({
      email: SAMPLE.newEmail,
      currentPassword: SAMPLE.password,
    })
    // The server blames the field: its sentence shows there, not above Save.
    const refusal = new ApiError('Wrong password', 400, undefined, { currentPassword: 'Wrong password' })
    await pending.settle({ type: 'xstate.error.actor.save', error: refusal })
    expectMessageAtField(form(), 'Current password', 'Wrong password')
    expect(passwordInput()?.value).toBe('')
  })
})
