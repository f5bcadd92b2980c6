import { z } from 'zod'

/** The most devices (push subscriptions) one account may hold (docs/product.md §7.12). */
export const PUSH_DEVICES_PER_ACCOUNT = 10

/** The server's VAPID public key: base64url, an uncompressed P-256 point (65 bytes). */
export const PushKey = z.object({ publicKey: z.string() })

/**
 * A browser's PushSubscription as `JSON.stringify(subscription)` writes it. Its shape only:
 * the server checks the endpoint and the keys, and names the field that is wrong in the
 * reader's language.
 */
export const PushSubscriptionBody = z.object({
  endpoint: z.string().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(200) }),
})
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>

export const PushSubscriptionCreated = z.object({ id: z.string() })

/**
 * A device as its owner sees it: where its pushes go (the push service's origin, never the
 * secret endpoint), when it was added and last reached, and its name in the reader's language
 * ("Chrome on Android"), from the browser's User-Agent when it subscribed.
 */
export const PushDevice = z.object({
  id: z.string(),
  endpointOrigin: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  label: z.string(),
})
export type PushDevice = z.infer<typeof PushDevice>

export const PushDeviceParams = z.object({ id: z.string().max(64) })

/** A test push: how many of the caller's devices it was sent to (queued, each on its own). */
export const PushTestResult = z.object({ sent: z.number().int() })
export type PushTestResult = z.infer<typeof PushTestResult>
