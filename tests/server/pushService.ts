import { createECDH, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'
import { p256PublicKey } from '../../server/push/keys.ts'

/** A browser's push subscription as it sends it to the server, with the keys only it holds. */
export type TestDevice = {
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
  receiver: ECDH
  auth: Buffer
}

/** A push as the device read it: decrypted, with the headers that came with it. */
export type ReceivedPush = {
  payload: { title: string; body: string; url: string; tag: string }
  urgency: string | undefined
  topic: string | undefined
  ttl: string | undefined
  /** The VAPID JWT's claims, once its ES256 signature checked out against the key sent with it. */
  claims: { aud: string; exp: number; sub: string }
  /** The public key of the `k=` of the Authorization header, base64url. */
  vapidKey: string
}

/** What the push service answers a device's next request: a status, or no answer at all. */
export type Answer = number | 'hang' | { status: number; retryAfter: string }

/** Checks a VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`; its claims. */
function verifiedVapid(header: string | undefined): { claims: ReceivedPush['claims']; vapidKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match) throw new Error(`not a VAPID Authorization: ${header}`)
  const [, token, vapidKey] = match as unknown as [string, string, string]
  const [head, body, signature] = token.split('.') as [string, string, string]
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string }
  if (header64.alg !== 'ES256') throw new Error(`JWT alg ${header64.alg}`)
  const key = p256PublicKey(Buffer.from(vapidKey, 'base64url'))
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) throw new Error('the VAPID signature does not verify')
  return { claims: JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'], vapidKey }
}

/**
 * A push service on 127.0.0.1, as a browser's vendor runs one: each device's endpoint takes the
 * server's pushes, which the test reads decrypted (RFC 8291, with the device's private key and
 * auth secret) once their VAPID signature checked out. Each device answers 201 unless told to
 * answer otherwise, one request at a time (`answer`).
 */
export async function startPushService() {
  const devices = new Map<string, TestDevice>()
  const received = new Map<string, ReceivedPush[]>()
  const answers = new Map<string, Answer[]>()
  const requests = new Map<string, number>()
  const failures: string[] = []
  const hanging = new Set<http.ServerResponse>()

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const id = request.url?.split('/').pop() ?? ''
      requests.set(id, (requests.get(id) ?? 0) + 1)
      const answer = answers.get(id)?.shift() ?? 201
      if (answer === 'hang') {
        hanging.add(response)
        response.on('close', () => hanging.delete(response))
        return
      }
      const status = typeof answer === 'number' ? answer : answer.status
      const device = devices.get(id)
      if (device && status === 201) {
        try {
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: device.receiver,
            authSecret: device.auth.toString('base64url'),
          })
          const push: ReceivedPush = {
            payload: JSON.parse(plain.toString('utf8')) as ReceivedPush['payload'],
            urgency: request.headers.urgency as string | undefined,
            topic: request.headers.topic as string | undefined,
            ttl: request.headers.ttl as string | undefined,
            ...verifiedVapid(request.headers.authorization),
          }
          received.set(id, [...(received.get(id) ?? []), push])
        } catch (error) {
          failures.push(`${id}: ${(error as Error).message}`)
        }
      }
      if (typeof answer === 'object') response.setHeader('retry-after', answer.retryAfter)
      response.writeHead(status).end()
    })
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`

  const idOf = (device: TestDevice) => device.subscription.endpoint.split('/').pop()!

  return {
    origin,
    /** A new device: a real P-256 key pair and auth secret, and an endpoint of this service. */
    aDevice(): TestDevice {
      const receiver = createECDH('prime256v1')
      receiver.generateKeys()
      const auth = randomBytes(16)
      const id = randomUUID()
      const device: TestDevice = {
        subscription: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: receiver.getPublicKey('base64url'), auth: auth.toString('base64url') },
        },
        receiver,
        auth,
      }
      devices.set(id, device)
      return device
    },
    /** What the device's next requests are answered, in order; then 201 again. */
    answer(device: TestDevice, ...next: Answer[]) {
      answers.set(idOf(device), [...(answers.get(idOf(device)) ?? []), ...next])
    },
    received: (device: TestDevice) => received.get(idOf(device)) ?? [],
    requests: (device: TestDevice) => requests.get(idOf(device)) ?? 0,
    /** Pushes that could not be decrypted or whose signature failed: none, in a passing test. */
    failures,
    /** Resolves with the device's first `count` pushes, once they have come (within `withinMs`). */
    async waitFor(device: TestDevice, count = 1, withinMs = 10_000): Promise<ReceivedPush[]> {
      for (const deadline = Date.now() + withinMs; ;) {
        const got = received.get(idOf(device)) ?? []
        if (got.length >= count) return got.slice(0, count)
        if (failures.length > 0) throw new Error(failures.join('; '))
        if (Date.now() > deadline) throw new Error(`${got.length} of ${count} pushes within ${withinMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

export type PushService = Awaited<ReturnType<typeof startPushService>>
