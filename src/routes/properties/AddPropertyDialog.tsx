import { useEffect } from 'react'
import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { useI18n } from '../../i18n.tsx'
import { addPropertyMachine } from '../../machines/property/addProperty.ts'
import { AddPropertyModal } from '../../ui/property/AddPropertyModal.tsx'
import type { PlatformChoices } from '../../ui/property/PlatformLinks.tsx'
import { showNotice } from '../../common/notify.ts'
import { useCreateProperty, usePlatformChoices } from '../../features/properties/editorQueries.ts'

type FlowProps = {
  /** The add machine with its createProperty actor: the real one, or a test's fake. */
  machine: ReturnType<typeof addPropertyMachine>
  choices: PlatformChoices
  onClosed: () => void
}

/** Binds the add-property machine to its modal; tells the page once the machine has closed. */
export function AddPropertyFlow({ machine, choices, onClosed }: FlowProps) {
  const { t } = useI18n()
  const [state, send] = useMachine(
    machine.provide({ actions: { notify: (_, notice) => showNotice(t, notice) } }),
  )
  const step = state.value
  useEffect(() => {
    if (step === 'closed') onClosed()
  }, [step, onClosed])
  if (step === 'closed') return null
  return (
    <AddPropertyModal
      busy={step === 'creating'}
      choices={choices}
      confirmingDiscard={step === 'confirmingDiscard'}
      refusal={state.context.refusal}
      onSubmit={(property) => send({ type: 'submit', property })}
      onClose={(dirty) => send({ type: 'close', dirty })}
      onKeepEditing={() => send({ type: 'keepEditing' })}
      onDiscard={() => send({ type: 'discard' })}
    />
  )
}

/** The owner's add-property modal, creating through the API. */
export function AddPropertyDialog({ onClosed }: { onClosed: () => void }) {
  const create = useCreateProperty()
  const choices = usePlatformChoices()
  const machine = addPropertyMachine({
    actors: { createProperty: fromPromise(({ input }) => create.mutateAsync(input)) },
  })
  return <AddPropertyFlow machine={machine} choices={choices} onClosed={onClosed} />
}
