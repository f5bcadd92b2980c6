import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { forgotPasswordMachine } from '../../src/machines/auth/forgotPassword.ts'

describe('a machine whose route provides its actors', () => {
  it('does not compile without every actor (npm run typecheck checks these; they never run)', () => {
    const forgetting = [
      // @ts-expect-error a route that leaves out an actor
      () => forgotPasswordMachine({ actions: {} }),
      // @ts-expect-error nor with an empty list of them
      () => forgotPasswordMachine({ actors: {} }),
      // @ts-expect-error the machine as written is not one to start
      () => createActor(forgotPasswordMachine),
    ]
    expect(forgetting).toHaveLength(3)
  })

  it('runs the actors it is given, with the input the machine builds', async () => {
    const asked: string[] = []
    const machine = forgotPasswordMachine({
      actors: {
        sendLink: fromPromise(async ({ input }) => {
          asked.push(input.email)
          return { message: 'Check your e-mail' }
        }),
      },
    })
    const actor = createActor(machine).start()
    actor.send({ type: 'submit', email: ' host@example.com ' })
    const sent = await waitFor(actor, (snapshot) => snapshot.matches('linkSent'))
    expect(asked).toEqual(['host@example.com'])
    expect(sent.context.message).toBe('Check your e-mail')
  })

  // A route builds its machine on each render; @xstate/react keeps the one actor while the
  // machine's config stays the same object.
  it('is its definition with other implementations: the same config', () => {
    expect(
      forgotPasswordMachine({ actors: { sendLink: fromPromise(async () => ({ message: '' })) } }).config,
    ).toBe(forgotPasswordMachine.definition.config)
  })
})
