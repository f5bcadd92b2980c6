import { fromPromise } from 'xstate'
import { api, type Profile } from '../../actors/api.ts'
import { useI18n } from '../../i18n.tsx'
import { profileFormMachine, type ProfileFormState } from '../../machines/profileForm.ts'
import { PersonalInfoForm } from '../../ui/settings/PersonalInfoForm.tsx'
import { feedbackText, showNotice } from '../notify.ts'
import { useFlow, type FlowImplementations } from '../useFlow.ts'
import { useProfileUpdater } from './profileCache.ts'

type Props = { profile: Profile; implementations?: FlowImplementations<typeof profileFormMachine> }

export function ProfileSection({ profile, implementations = {} }: Props) {
  const { t } = useI18n()
  const updateProfile = useProfileUpdater()
  const [state, send] = useFlow(
    profileFormMachine
      .provide({
        actors: {
          save: fromPromise(({ input }) => api.user.updateProfile(input)),
          confirmEmail: fromPromise(({ input }) => api.user.confirmEmail(input.code)),
        },
        actions: {
          notify: (_, notice) => showNotice(t, notice),
          saved: (_, { name, phone, email, residentalAddress }) =>
            updateProfile({ name, phone, email, residentalAddress }),
        },
      })
      .provide(implementations),
    { input: profile },
  )
  const { fields, savedEmail, currentPassword, pendingEmail, error } = state.context
  return (
    <PersonalInfoForm
      state={state.value as ProfileFormState}
      fields={fields}
      savedEmail={savedEmail}
      currentPassword={currentPassword}
      pendingEmail={pendingEmail}
      error={feedbackText(t, error)}
      onChange={(field, value) => send({ type: 'change', field, value })}
      onCurrentPasswordChange={(value) => send({ type: 'changeCurrentPassword', value })}
      onSave={() => send({ type: 'save' })}
      onSubmitCode={(code) => send({ type: 'submitCode', code })}
      onCancelEmailChange={() => send({ type: 'cancelEmailChange' })}
    />
  )
}
