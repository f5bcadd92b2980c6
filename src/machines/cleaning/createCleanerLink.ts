import { assign, setup, type StateValueFrom } from 'xstate'
import type { CleanerLink, CleanerLinkBody } from '../../../contract/turnover.ts'
import type { Language } from '../../domain/translator.ts'
import { failureFrom, type Feedback } from '../parts/feedback.ts'
import { routeActor, routeMachine } from '../parts/routeMachine.ts'

/** The dialog's fields as typed: an empty e-mail is none. */
export type CleanerLinkValues = { name: string; propertyIds: string[]; email: string; language: Language }
type Field = 'name' | 'propertyIds' | 'email'

type Context = { values: CleanerLinkValues; link?: CleanerLink; error?: Feedback }
type Events =
  | { type: 'open'; language: Language }
  | { type: 'submit'; values: CleanerLinkValues }
  /** Cancel, Escape or a click outside while editing. */
  | { type: 'cancel' }
  /** Done, once the new link's addresses have been shown. */
  | { type: 'close' }

// Enough to catch a slip of the keyboard; the server checks the address fully.
const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)

/** Every field's problem at once, as locale keys; the first names the feedback. */
function refusedForm(values: CleanerLinkValues): Feedback | undefined {
  const problems: Partial<Record<Field, string>> = {}
  if (values.name.trim() === '') problems.name = 'turnovers.links.nameRequired'
  if (values.propertyIds.length === 0) problems.propertyIds = 'turnovers.links.propertiesRequired'
  if (values.email.trim() !== '' && !looksLikeEmail(values.email.trim()))
    problems.email = 'turnovers.links.emailInvalid'
  const first = Object.values(problems)[0]
  return first === undefined ? undefined : { key: first, fieldKeys: problems }
}

const bodyOf = ({ name, propertyIds, email, language }: CleanerLinkValues): CleanerLinkBody => ({
  name: name.trim(),
  propertyIds,
  language,
  ...(email.trim() ? { email: email.trim() } : {}),
})

/**
 * "New cleaner link" on the Turnovers screen (docs/product.md §7.11): name it, choose its
 * properties, maybe an address to tell; once made, the dialog shows its two addresses to copy,
 * since the host hands them on. A refusal (the quota, the hour's mails, a field) keeps the form.
 */
const machine = setup({
  types: {} as { context: Context; events: Events },
  actors: {
    createLink: routeActor<CleanerLink, CleanerLinkBody>(),
  },
  actions: {
    /** The route reloads the list of links. */
    created: () => {},
  },
  guards: {
    isRefused: ({ event }) => event.type === 'submit' && refusedForm(event.values) !== undefined,
  },
}).createMachine({
  id: 'createCleanerLink',
  initial: 'closed',
  context: { values: { name: '', propertyIds: [], email: '', language: 'en' } },
  states: {
    closed: {
      on: {
        open: {
          target: 'editing',
          actions: assign(({ event }) => ({
            values: { name: '', propertyIds: [], email: '', language: event.language },
            link: undefined,
            error: undefined,
          })),
        },
      },
    },
    editing: {
      on: {
        submit: [
          {
            guard: 'isRefused',
            actions: assign(({ event }) => ({ values: event.values, error: refusedForm(event.values) })),
          },
          {
            target: 'creating',
            actions: assign(({ event }) => ({ values: event.values, error: undefined })),
          },
        ],
        cancel: { target: 'closed', actions: assign({ error: undefined }) },
      },
    },
    creating: {
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => bodyOf(context.values),
        onDone: {
          target: 'created',
          actions: [assign({ link: ({ event }) => event.output }), 'created'],
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureFrom('turnovers.links.createFailed', event.error) }),
        },
      },
    },
    created: {
      on: { close: 'closed' },
    },
  },
})
export const createCleanerLinkMachine = routeMachine(machine)

export type CreateCleanerLinkState = StateValueFrom<typeof machine>
