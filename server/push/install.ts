import type { FastifyInstance } from 'fastify'
import type { VapidKeys } from '../config.ts'
import { periodicPass } from '../periodicPass.ts'
import { loadVapidKeys } from './keys.ts'
import { createPushSender, DEFAULT_PUSH_TUNING, type PushSender, type PushTuning } from './sender.ts'
import { createPushDevices, type PushDevices } from './service.ts'

/** How often a process looks for notices no process pushed (one stopped between storing and pushing). */
const SWEEP_EVERY_MS = 60_000

export type PushCenter = {
  devices: PushDevices
  sender: PushSender
  /** The VAPID key pair, read (or made) once: at start (server/serve.ts), or when first needed. */
  keys(): Promise<VapidKeys>
  /** The sweep of the push outbox, every minute once started (server/serve.ts). */
  sweep: { start(): void }
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushCenter
  }
}

/**
 * Decorates the app with Web Push (docs/decisions.md, "Web Push"): the devices, the sender, and
 * the key pair, read once the database is migrated and kept for the process.
 */
export function installPush(app: FastifyInstance, tuning: Partial<PushTuning> = {}): PushCenter {
  const { config, db, log, clock } = app
  let loaded: Promise<VapidKeys> | undefined
  const keys = () => {
    loaded ??= loadVapidKeys(db, config.push.vapidKeys, clock().toISOString()).catch((error: unknown) => {
      loaded = undefined
      throw error
    })
    return loaded
  }
  const sender = createPushSender({
    db,
    log,
    clock,
    allowHosts: config.syncAllowHosts,
    subject: config.push.subject,
    keys,
    tuning: { ...DEFAULT_PUSH_TUNING, ...tuning },
  })
  const sweep = periodicPass(app, SWEEP_EVERY_MS, () =>
    sender
      .sendAllWaiting()
      .catch((error: unknown) => log.error({ err: error }, 'could not push waiting notices')),
  )
  const center: PushCenter = {
    devices: createPushDevices({ db, clock, allowHosts: config.syncAllowHosts }),
    sender,
    keys,
    sweep,
  }
  app.decorate('push', center)
  app.addHook('preClose', () => sender.stop())
  return center
}
