/**
 * Manzil behind a real nginx, configured by deploy/nginx.conf, over https with a self-signed
 * certificate: registration with a mailed code, sign-in, Secure cookies and HSTS, a property
 * with a calendar link, Sync now, and the live notification it brings over server-sent events
 * through nginx. It also checks that nginx's X-Forwarded-For and -Proto reach Manzil and are
 * believed (TRUST_PROXY), and that a client's own X-Forwarded-Host does not. Every server it starts is its own child and stops with it; any
 * failure exits non-zero. Run with `npm run test:proxy`; needs nginx and openssl.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import tls from 'node:tls'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { startFeedServer } from '../fixtures/feedServer.ts'
import { STRONG_PASSWORD } from '../server/builders.ts'
import { codeIn, startMailbox } from '../server/mailbox.ts'

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
/** Longest the whole run may take before it stops everything and fails. */
const DEADLINE_MS = 120_000
/**
 * The browser's side of the connection. Any 127.x.y.z is this machine; one other than nginx's
 * own 127.0.0.1 tells the client's forwarded address apart from the proxy's.
 */
const CLIENT_ADDRESS = '127.0.0.2'
const PROXY_ADDRESS = '127.0.0.1'
const ADMIN_EMAIL = 'admin@smoke.test'
const ADMIN_PASSWORD = 'Smoke-Admin-2026!'
const HOST_EMAIL = 'host@smoke.test'
const FEED_ROUTE = '/airbnb.ics'

class SmokeFailure extends Error {}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new SmokeFailure(message)
}

const started = Date.now()
const passed = (what: string) => console.log(`ok ${((Date.now() - started) / 1000).toFixed(1)} s  ${what}`)

/** Whether `command` can be run at all. */
function installed(command: string, versionFlag: string): boolean {
  return spawnSync(command, [versionFlag], { stdio: 'ignore' }).error === undefined
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on('error', reject)
    server.listen(0, PROXY_ADDRESS, () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function waitUntil(what: string, ready: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    // A refused check ends the wait; anything else (a connection not yet open) is "not yet".
    const done = await ready().catch((error: unknown) => {
      if (error instanceof SmokeFailure) throw error
      return false
    })
    if (done) return
    await sleep(100)
  }
  throw new SmokeFailure(`${what}: not within ${timeoutMs / 1000} s`)
}

type Child = { process: ChildProcess; output: () => string; stop: () => Promise<void> }

/** A child process whose output is kept for the report, stopped by `signal` (then SIGKILL). */
function startChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  signal: NodeJS.Signals,
): Child {
  const child = spawn(command, args, { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.once('error', (error) => {
      keep(Buffer.from(`${name} did not start: ${error.message}\n`))
      resolve()
    })
  })
  return {
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

const running = (child: Child) => child.process.exitCode === null && child.process.signalCode === null

/** A self-signed certificate for localhost and 127.0.0.1, valid for a day. */
function makeCertificate(dir: string) {
  const certificate = path.join(dir, 'localhost.crt')
  const key = path.join(dir, 'localhost.key')
  const request =
    'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost'
  const made = spawnSync(
    'openssl',
    [
      ...request.split(' '),
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  )
  check(made.status === 0, `openssl could not make a certificate:\n${made.stderr}`)
  return { certificate, key }
}

type NginxPlaces = {
  httpsPort: number
  httpPort: number
  publicUrl: string
  upstreamPort: number
  certificate: string
  key: string
}

/**
 * deploy/nginx.conf with its placeholders filled in, inside a main configuration of the run's
 * own: in the foreground, its pid, logs and temporary files in `dir`.
 */
function writeNginxConfig(dir: string, places: NginxPlaces): string {
  const values: Record<string, string> = {
    SERVER_NAME: 'localhost',
    HTTPS_LISTEN: `${PROXY_ADDRESS}:${places.httpsPort}`,
    HTTP_LISTEN: `${PROXY_ADDRESS}:${places.httpPort}`,
    PUBLIC_URL: places.publicUrl,
    TLS_CERTIFICATE: places.certificate,
    TLS_CERTIFICATE_KEY: places.key,
    MANZIL_UPSTREAM: `${PROXY_ADDRESS}:${places.upstreamPort}`,
  }
  const template = fs.readFileSync(path.join(repositoryRoot, 'deploy', 'nginx.conf'), 'utf8')
  const site = template.replace(/\$\{([A-Z_]+)\}/g, (placeholder, name: string) => {
    const value = values[name]
    check(value !== undefined, `deploy/nginx.conf has an unknown placeholder ${placeholder}`)
    return value
  })
  fs.writeFileSync(path.join(dir, 'manzil.conf'), site)
  const main = path.join(dir, 'nginx.conf')
  fs.writeFileSync(
    main,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind}_temp;`,
      ),
      `  include ${dir}/manzil.conf;`,
      '}',
      '',
    ].join('\n'),
  )
  return main
}

type Answer = { status: number; headers: http2.IncomingHttpHeaders; text: string }
/** One frame of text/event-stream: its `event:`, joined `data:` lines, or its `:` comment. */
type Frame = { event?: string; data?: string; comment?: string }

/**
 * The browser: one HTTP/2 connection to nginx from CLIENT_ADDRESS, trusting the run's own
 * certificate (only this client trusts it). Each call carries the cookie it is given.
 */
async function connectBrowser(port: number, certificate: string) {
  const ca = fs.readFileSync(certificate)
  const origin = `https://localhost:${port}`
  const session = http2.connect(origin, {
    createConnection: () =>
      tls.connect({
        socket: net.connect({ host: PROXY_ADDRESS, port, localAddress: CLIENT_ADDRESS }),
        servername: 'localhost',
        ca,
        ALPNProtocols: ['h2'],
      }),
  })
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve())
    session.once('error', reject)
  })
  session.on('error', () => undefined)

  const send = (headers: http2.OutgoingHttpHeaders, body?: Uint8Array | string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const stream = session.request({ 'accept-language': 'en', ...headers })
      let status = 0
      let responseHeaders: http2.IncomingHttpHeaders = {}
      let text = ''
      stream.setEncoding('utf8')
      stream.on('response', (received) => {
        responseHeaders = received
        status = Number(received[':status'])
      })
      stream.on('data', (chunk: string) => (text += chunk))
      stream.on('end', () => resolve({ status, headers: responseHeaders, text }))
      stream.on('error', reject)
      stream.end(body)
    })

  return {
    /** Which protocol TLS agreed on: h2 when nginx speaks HTTP/2. */
    protocol: session.alpnProtocol,
    get: (urlPath: string, cookie?: string) =>
      send({ ':method': 'GET', ':path': urlPath, ...(cookie ? { cookie } : {}) }),
    /** A JSON write from our own page: its Origin, as a browser sends it. */
    post: (urlPath: string, payload: object | undefined, extra: http2.OutgoingHttpHeaders = {}) =>
      send(
        {
          ':method': 'POST',
          ':path': urlPath,
          origin,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...extra,
        },
        payload ? JSON.stringify(payload) : undefined,
      ),
    /** A multipart form, serialised as fetch would send it. */
    async postForm(urlPath: string, form: FormData, cookie: string) {
      const request = new Request('https://form.invalid/', { method: 'POST', body: form })
      const body = new Uint8Array(await request.arrayBuffer())
      return send(
        {
          ':method': 'POST',
          ':path': urlPath,
          origin,
          cookie,
          'content-type': request.headers.get('content-type') ?? '',
        },
        body,
      )
    },
    /** The event stream of `cookie`'s account: its frames as they arrive. */
    openEventStream(cookie: string) {
      const stream = session.request({
        ':method': 'GET',
        ':path': '/api/notification/sse',
        accept: 'text/event-stream',
        cookie,
      })
      stream.setEncoding('utf8')
      const frames: Frame[] = []
      let buffer = ''
      let headers: http2.IncomingHttpHeaders = {}
      stream.on('response', (received) => (headers = received))
      stream.on('data', (chunk: string) => {
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame: Frame = {}
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim()
            else if (line.startsWith('event:')) frame.event = line.slice(6).trim()
            else if (line.startsWith('data:')) frame.data = `${frame.data ?? ''}${line.slice(5).trim()}`
          }
          frames.push(frame)
          buffer = buffer.slice(end + 2)
        }
      })
      stream.on('error', () => undefined)
      return { frames, headers: () => headers, close: () => stream.close() }
    },
    close: () => new Promise<void>((resolve) => session.close(() => resolve())),
  }
}

/** The `name=value` of a response's Set-Cookie `name`, and its attributes in lower case. */
function cookieOf(answer: Answer, name: string) {
  const setCookie = answer.headers['set-cookie'] ?? []
  const line = setCookie.find((cookie) => cookie.startsWith(`${name}=`))
  check(line, `no ${name} cookie: ${answer.status} ${answer.text}`)
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
  return { pair, attributes: attributes.map((attribute) => attribute.toLowerCase()) }
}

function checkSecureSession(answer: Answer, what: string) {
  const session = cookieOf(answer, 'manzil_session')
  check(session.attributes.includes('secure'), `${what}: the session cookie is not Secure`)
  check(session.attributes.includes('httponly'), `${what}: the session cookie is not HttpOnly`)
  const hsts = answer.headers['strict-transport-security']
  check(typeof hsts === 'string' && /max-age=\d+/.test(hsts), `${what}: no Strict-Transport-Security header`)
  return session.pair
}

/** A plain-http GET to nginx's redirecting server. */
function plainGet(port: number): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: PROXY_ADDRESS,
          port,
          path: '/calendar',
          localAddress: CLIENT_ADDRESS,
          headers: { host: `localhost:${port}` },
        },
        (response) => {
          response.resume()
          resolve(response)
        },
      )
      .on('error', reject)
  })
}

async function main() {
  const ci = process.env.CI === 'true'
  if (!installed('nginx', '-v')) {
    console.error(
      `nginx is not installed${ci ? ' on this CI machine' : ''}: the reverse proxy smoke test needs ` +
        "Debian's nginx (apt-get install nginx)",
    )
    return 1
  }
  if (!installed('openssl', 'version')) {
    console.error('openssl is not installed: the reverse proxy smoke test makes its certificate with it')
    return 1
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-proxy-'))
  // nginx's workers (not root when nginx starts as root) read their temporary folders in it.
  fs.chmodSync(dir, 0o755)
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })]
  const children: Child[] = []
  const deadline = setTimeout(() => {
    console.error(`not ok: the smoke test took longer than ${DEADLINE_MS / 1000} s`)
    void Promise.all(children.map((child) => child.stop())).finally(() => process.exit(1))
  }, DEADLINE_MS)

  try {
    const { certificate, key } = makeCertificate(dir)
    const mailbox = await startMailbox()
    cleanups.push(() => mailbox.stop())
    const feeds = await startFeedServer()
    cleanups.push(() => feeds.close())
    feeds.serveFixture(FEED_ROUTE, 'airbnb.ics')

    const [appPort, httpsPort, httpPort] = [await freePort(), await freePort(), await freePort()]
    const publicUrl = `https://localhost:${httpsPort}`
    const manzil = startChild(
      'Manzil',
      process.execPath,
      ['--import', 'tsx', 'server/main.ts'],
      {
        ...process.env,
        PORT: String(appPort),
        HOST: PROXY_ADDRESS,
        DATA_DIR: path.join(dir, 'data'),
        // The embedded SQLite in DATA_DIR, whatever the caller's environment names.
        DATABASE_URL: '',
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: PROXY_ADDRESS,
        SMTP_URL: mailbox.smtpUrl,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SYNC_ALLOW_HOSTS: '127.0.0.1',
        SYNC_INTERVAL_MINUTES: '60',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      },
      'SIGTERM',
    )
    children.push(manzil)
    await waitUntil('Manzil answers /api/health', async () => {
      check(running(manzil), `Manzil stopped:\n${manzil.output()}`)
      const response = await fetch(`http://${PROXY_ADDRESS}:${appPort}/api/health`)
      return response.ok
    })
    passed(`Manzil listens on ${PROXY_ADDRESS}:${appPort} with TRUST_PROXY=${PROXY_ADDRESS}`)

    const nginxDir = path.join(dir, 'nginx')
    fs.mkdirSync(nginxDir, { mode: 0o755 })
    const config = writeNginxConfig(nginxDir, {
      httpsPort,
      httpPort,
      publicUrl,
      upstreamPort: appPort,
      certificate,
      key,
    })
    const errorLog = path.join(nginxDir, 'error.log')
    // SIGTERM: nginx's fast stop, which does not wait for open connections.
    const nginx = startChild(
      'nginx',
      'nginx',
      ['-p', nginxDir, '-c', config, '-e', errorLog],
      process.env,
      'SIGTERM',
    )
    children.push(nginx)
    const nginxLog = () =>
      `${nginx.output()}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`
    await waitUntil('nginx listens', async () => {
      check(running(nginx), `nginx stopped:\n${nginxLog()}`)
      return new Promise<boolean>((resolve) => {
        const socket = net.connect(httpsPort, PROXY_ADDRESS, () => {
          socket.destroy()
          resolve(true)
        })
        socket.on('error', () => resolve(false))
      })
    })
    passed(`nginx (deploy/nginx.conf) listens on https ${httpsPort} and http ${httpPort}`)

    try {
      await checkThroughNginx({ httpsPort, httpPort, publicUrl, certificate, mailbox, feeds })
    } catch (error) {
      console.error(`--- Manzil's output ---\n${manzil.output()}\n--- nginx's error log ---\n${nginxLog()}`)
      throw error
    }
    return 0
  } catch (error) {
    console.error(`not ok: ${error instanceof SmokeFailure ? error.message : (error as Error).stack}`)
    return 1
  } finally {
    for (const child of children.reverse()) await child.stop()
    for (const cleanup of cleanups.reverse()) await cleanup()
    clearTimeout(deadline)
  }
}

type Run = {
  httpsPort: number
  httpPort: number
  publicUrl: string
  certificate: string
  mailbox: Awaited<ReturnType<typeof startMailbox>>
  feeds: Awaited<ReturnType<typeof startFeedServer>>
}

async function checkThroughNginx({ httpsPort, httpPort, publicUrl, certificate, mailbox, feeds }: Run) {
  const redirect = await plainGet(httpPort)
  check(
    redirect.statusCode === 301 && redirect.headers.location === `${publicUrl}/calendar`,
    `plain http is not sent to ${publicUrl}/calendar: ${redirect.statusCode} ${redirect.headers.location}`,
  )
  passed(`plain http answers 301 to the same path at ${publicUrl}, its https port kept`)

  const browser = await connectBrowser(httpsPort, certificate)
  try {
    check(browser.protocol === 'h2', `nginx spoke ${browser.protocol} over TLS, not HTTP/2`)
    const health = await browser.get('/api/health')
    check(health.status === 200, `GET /api/health through nginx: ${health.status} ${health.text}`)
    passed('TLS with the self-signed certificate, HTTP/2, /api/health through nginx')

    // A host registers with the code the mail brings.
    const sent = await browser.post('/api/auth/register/send-code', { email: HOST_EMAIL })
    check(sent.status === 200, `register/send-code: ${sent.status} ${sent.text}`)
    const code = codeIn(await mailbox.waitForMail(HOST_EMAIL, 10_000))
    const registered = await browser.post('/api/auth/register', {
      email: HOST_EMAIL,
      password: STRONG_PASSWORD,
      code,
    })
    check(registered.status === 200, `register: ${registered.status} ${registered.text}`)
    const host = checkSecureSession(registered, 'registration')
    passed('registration with the mailed code; the session cookie is Secure and HttpOnly; HSTS')

    // The admin signs in, claiming an address of its own choosing that must not be believed.
    const signedIn = await browser.post(
      '/api/auth/login',
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { 'x-forwarded-for': '10.6.6.6' },
    )
    check(signedIn.status === 200, `admin sign-in: ${signedIn.status} ${signedIn.text}`)
    const admin = checkSecureSession(signedIn, 'sign-in')
    const log = await browser.get('/api/admin/log/list?kind=auth.sign-in', admin)
    check(log.status === 200, `GET /api/admin/log/list: ${log.status} ${log.text}`)
    const entries = (JSON.parse(log.text) as { items: { ip: string | null; message: string }[] }).items
    const recorded = entries.find((entry) => entry.message.includes(ADMIN_EMAIL))?.ip
    check(
      recorded === CLIENT_ADDRESS,
      `the sign-in was recorded from ${recorded}, not from the client's ${CLIENT_ADDRESS} that nginx forwarded`,
    )
    passed(
      `X-Forwarded-For reached Manzil: the sign-in is logged from ${CLIENT_ADDRESS}, not the proxy or a forged entry`,
    )

    // A page opened at the address instead of the name is our own origin only if Manzil
    // believes nginx that the browser used https.
    const byAddress = `https://127.0.0.1:${httpsPort}`
    const ownOrigin = await browser.post('/api/auth/logout', undefined, {
      ':authority': `127.0.0.1:${httpsPort}`,
      origin: byAddress,
    })
    check(
      ownOrigin.status === 200,
      `a write from ${byAddress} to ${byAddress}: ${ownOrigin.status} ${ownOrigin.text}`,
    )
    passed(
      'X-Forwarded-Proto reached Manzil: a write from the https page of the address it was sent to passes',
    )

    // Another site's write, claiming with X-Forwarded-Host to have been sent to that site: nginx
    // replaces the claim with the Host the browser used, so Manzil sees another origin.
    const forged = await browser.post('/api/auth/logout', undefined, {
      origin: 'https://attacker.example',
      'x-forwarded-host': 'attacker.example',
    })
    check(
      forged.status === 403,
      `a write from https://attacker.example claiming X-Forwarded-Host attacker.example: ${forged.status} ${forged.text}`,
    )
    passed("a client's own X-Forwarded-Host never reaches Manzil: a forged origin with it is refused")

    const events = browser.openEventStream(host)
    try {
      await waitUntil('the event stream opens through nginx', async () => events.frames.length > 0, 10_000)
      const headers = events.headers()
      check(Number(headers[':status']) === 200, `event stream: ${headers[':status']}`)
      check(
        String(headers['content-type']).startsWith('text/event-stream'),
        `event stream content type ${headers['content-type']}`,
      )
      check(
        headers['content-encoding'] === undefined,
        `the event stream is ${headers['content-encoding']}-encoded`,
      )
      passed('the event stream is open through nginx, its first frame unbuffered')

      const form = new FormData()
      for (const [name, value] of Object.entries({
        name: 'Smoke test flat',
        country: 'Saudi',
        city: 'Jeddah',
        address: 'Corniche Road 12',
        capacity: '4',
        costPerNight: '350',
        externalCalendars: JSON.stringify([{ platformName: 'Airbnb', urlPath: feeds.url(FEED_ROUTE) }]),
      }))
        form.append(name, value)
      const created = await browser.postForm('/api/property', form, host)
      check(created.status === 201, `POST /api/property: ${created.status} ${created.text}`)
      const property = JSON.parse(created.text) as { id: string; name: string }
      // Adding the link imports it, silently: a first import tells no news.
      await waitUntil('the new link is imported', async () => {
        const calendars = await browser.get(`/api/property/${property.id}/calendar/external`, host)
        const [calendar] = JSON.parse(calendars.text) as { lastSyncedAt: string | null; lastError: unknown }[]
        check(!calendar?.lastError, `the link failed to import: ${JSON.stringify(calendar?.lastError)}`)
        return Boolean(calendar?.lastSyncedAt)
      })
      passed('a property with a calendar link, imported')

      feeds.addEvent(FEED_ROUTE, {
        uid: 'smoke-test-booking@airbnb.com',
        start: '2030-06-01',
        end: '2030-06-05',
        summary: 'Reserved',
      })
      const synced = await browser.post('/api/notification/trigger', undefined, { cookie: host })
      check(synced.status === 200, `Sync now: ${synced.status} ${synced.text}`)
      const outcome = JSON.parse(synced.text) as { synced: number; failed: number }
      check(outcome.synced === 1 && outcome.failed === 0, `Sync now: ${synced.text}`)
      passed('Sync now')

      await waitUntil(
        'a live notification through nginx',
        async () => events.frames.some((frame) => frame.event === 'notification'),
        10_000,
      )
      const frame = events.frames.find((candidate) => candidate.event === 'notification')
      const notification = JSON.parse(frame?.data ?? '{}') as { kind?: string; propertyName?: string }
      check(
        notification.kind === 'new' && notification.propertyName === property.name,
        `the notification is not the new booking: ${frame?.data}`,
      )
      passed('the new booking arrived as a live notification over server-sent events through nginx')
    } finally {
      events.close()
    }
  } finally {
    await browser.close()
  }
}

const code = await main()
console.log(
  code === 0
    ? `proxy smoke test passed in ${((Date.now() - started) / 1000).toFixed(1)} s`
    : 'proxy smoke test failed',
)
process.exit(code)
