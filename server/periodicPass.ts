import type { FastifyInstance } from 'fastify'

/**
 * A pass of background work run every `everyMs` once started, never two at once in this
 * process, and at once when started; idle until then (server/serve.ts starts it, tests do
 * not). The app's close stops the timer and waits for a pass in flight.
 */
export function periodicPass(app: FastifyInstance, everyMs: number, pass: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  const run = () => {
    running ??= pass().finally(() => (running = undefined))
  }
  app.addHook('preClose', async () => {
    clearInterval(timer)
    await running
  })
  return {
    start() {
      if (timer) return
      timer = setInterval(run, everyMs).unref()
      run()
    },
  }
}
