import type { RefObject } from 'react'
import { fromPromise } from 'xstate'
import { api, type Profile } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { hasUnsavedChanges, PROFILE_CHECKS, profileFormMachine } from '../../machines/settings/profileForm.ts'
import { useReportDirty } from '../../ui/common/dirtyReport.ts'
import { PersonalInfoForm } from '../../ui/settings/PersonalInfoForm.tsx'
import { feedbackText, formFeedback, showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { useProfileUpdater } from '../../features/settings/profileCache.ts'

const PROFILE_FORM_FIELDS = ['name', 'phone', 'residentalAddress', 'email', 'currentPassword'] as const

type Props = {
  profile: Profile
  implementations?: FlowImplementations<typeof profileFormMachine>
  /** Where the form says it holds unsaved typing, for the dialog around it. */
  dirtyReport?: RefObject<boolean>
}

export function ProfileSection({ profile, implementations = {}, dirtyReport }: Props) {
  const { t } = useI18n()
  const updateProfile = useProfileUpdater()
  const [state, send] = useFlow(
    profileFormMachine({
      actors: {
        save: fromPromise(({ input }) => api.user.updateProfile(input)),
        confirmEmail: fromPromise(({ input }) => api.user.confirmEmail(input.code)),
      },
      actions: {
        notify: (_, notice) => showNotice(t, notice),
        saved: (_, { name, phone, email, residentalAddress }) =>
          updateProfile({ name, phone, email, residentalAddress }),
      },
    }).provide(implementations),
    { input: profile },
  )
  const { fields, savedEmail, currentPassword, pendingEmail, error } = state.context
  const step = state.value
  useReportDirty(dirtyReport, hasUnsavedChanges(fields, profile))
  const onCodeStep = step === 'enteringEmailCode' || step === 'confirmingEmail'
  const refused = formFeedback(t, error, PROFILE_FORM_FIELDS, PROFILE_CHECKS)
  return (
    <PersonalInfoForm
      state={step}
      fields={fields}
      savedEmail={savedEmail}
      currentPassword={currentPassword}
      pendingEmail={pendingEmail}
      fieldErrors={refused.fields}
      error={onCodeStep ? feedbackText(t, error) : refused.banner}
      onChange={(field, value) => send({ type: 'change', field, value })}
      onCurrentPasswordChange={(value) => send({ type: 'changeCurrentPassword', value })}
      onSave={() => send({ type: 'save' })}
      onSubmitCode={(code) => send({ type: 'submitCode', code })}
      onCancelEmailChange={() => send({ type: 'cancelEmailChange' })}
    />
  )
}
