import { fromPromise } from 'xstate'
import type { CleanerLink, CleanerLinkBody } from '../../actors/api.ts'
import { feedbackText, formFeedback, showNotice } from '../../common/notify.ts'
import { useFlow, type FlowImplementations } from '../../common/useFlow.ts'
import { useCleanerLinkChanges, useCleanerLinks } from '../../features/turnovers/cleanerLinks.ts'
import { useI18n } from '../../i18n.tsx'
import {
  revokeCleanerLinkMachine,
  rotateCleanerLinkMachine,
} from '../../machines/cleaning/cleanerLinkActions.ts'
import { createCleanerLinkMachine } from '../../machines/cleaning/createCleanerLink.ts'
import { QueryStatus } from '../../ui/common/QueryStatus.tsx'
import { CleanerLinkDialog } from '../../ui/turnovers/CleanerLinkDialog.tsx'
import { CleanerLinkList, NEW_LINK_BUTTON_ID } from '../../ui/turnovers/CleanerLinkList.tsx'
import { focusAfterNextDialog } from '../../ui/common/focusAfterDialog.ts'
import { ConfirmedLinkAction } from '../../ui/turnovers/ConfirmedLinkAction.tsx'

type Properties = readonly { id: string; name: string }[]

type Props = {
  properties: Properties
  /** Fakes in tests, as `.provide()` takes them. */
  implementations?: {
    create?: FlowImplementations<typeof createCleanerLinkMachine>
    rotate?: FlowImplementations<typeof rotateCleanerLinkMachine>
    revoke?: FlowImplementations<typeof revokeCleanerLinkMachine>
  }
}

/** The Turnovers screen's cleaner's links: the list, "New cleaner link" and each link's actions. */
export function CleanerLinksSection({ properties, implementations = {} }: Props) {
  const links = useCleanerLinks()
  const changes = useCleanerLinkChanges()
  return (
    <QueryStatus query={links}>
      {(list) => (
        <CleanerLinks
          links={list}
          properties={properties}
          createLink={changes.create.mutateAsync}
          created={changes.reload}
          rotateLink={changes.rotate.mutateAsync}
          revokeLink={changes.revoke.mutateAsync}
          implementations={implementations}
        />
      )}
    </QueryStatus>
  )
}

type Bound = {
  links: readonly CleanerLink[]
  properties: Properties
  createLink: (body: CleanerLinkBody) => Promise<CleanerLink>
  created: () => unknown
  rotateLink: (id: string) => Promise<unknown>
  revokeLink: (id: string) => Promise<unknown>
  implementations: NonNullable<Props['implementations']>
}

/** The list and the create flow, bound to the calls; exported for the flows' tests. */
export function CleanerLinks({
  links,
  properties,
  createLink,
  created,
  rotateLink,
  revokeLink,
  implementations,
}: Bound) {
  const { t, language } = useI18n()
  const [state, send] = useFlow(
    createCleanerLinkMachine({
      actors: { createLink: fromPromise(({ input }) => createLink(input)) },
      actions: { created: () => void created() },
    }).provide(implementations.create ?? {}),
  )
  const { values, link, error } = state.context
  const refused = formFeedback(t, error, ['name', 'propertyIds', 'email'])
  return (
    <>
      <CleanerLinkList
        links={links}
        properties={properties}
        onCreate={() => send({ type: 'open', language })}
        actions={(each) => (
          <>
            <LinkAction
              kind="rotate"
              link={each}
              perform={rotateLink}
              implementations={implementations.rotate}
            />
            <LinkAction
              kind="revoke"
              link={each}
              perform={revokeLink}
              implementations={implementations.revoke}
            />
          </>
        )}
      />
      <CleanerLinkDialog
        state={state.value}
        values={values}
        properties={properties}
        fieldErrors={refused.fields}
        error={refused.banner}
        link={link}
        onSubmit={(next) => send({ type: 'submit', values: next })}
        onCancel={() => send({ type: 'cancel' })}
        onClose={() => send({ type: 'close' })}
      />
    </>
  )
}

/** What each of a link's two actions says; the machines differ only in their messages. */
const ACTIONS = {
  rotate: { machine: rotateCleanerLinkMachine, testId: 'rotate-cleaner-link', danger: false },
  revoke: { machine: revokeCleanerLinkMachine, testId: 'revoke-cleaner-link', danger: true },
} as const

type Flow = typeof rotateCleanerLinkMachine

function LinkAction({
  kind,
  link,
  perform,
  implementations = {},
}: {
  kind: keyof typeof ACTIONS
  link: CleanerLink
  perform: (id: string) => Promise<unknown>
  implementations?: FlowImplementations<Flow>
}) {
  const { t } = useI18n()
  const { machine, testId, danger } = ACTIONS[kind]
  const [state, send] = useFlow(
    machine({
      actors: { perform: fromPromise(() => perform(link.id)) },
      actions: { notify: (_, notice) => showNotice(t, notice) },
    }).provide(implementations),
  )
  const words = (key: string) => t(`turnovers.links.${kind}${key}`, { name: link.name })
  return (
    <ConfirmedLinkAction
      state={state.value}
      label={words('')}
      title={words('Title')}
      body={words('Text')}
      confirmLabel={words('Confirm')}
      danger={danger}
      error={feedbackText(t, state.context.error)}
      testId={testId}
      onOpen={() => send({ type: 'open' })}
      onConfirm={() => {
        // A revoked link's card, with the button that opened the question, leaves the page.
        if (kind === 'revoke') focusAfterNextDialog(() => document.getElementById(NEW_LINK_BUTTON_ID))
        send({ type: 'confirm' })
      }}
      onCancel={() => send({ type: 'cancel' })}
    />
  )
}
