import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { codeIn, type Mailbox, type ReceivedMail } from '../server/mailbox.ts'

export type RunningServer = {
  url: string
  dataDir: string
  logs: () => string
  /** Stops the process and starts a new one on the same port and data (streams drop, sessions stay). */
  restart: () => Promise<void>
  stop: () => Promise<void>
  /** `kill -9` now: no shutdown of any kind; `restart` starts a new process on the same data. */
  crash: () => Promise<void>
  /** The running process's id (for /proc/<pid>/status). */
  pid: () => number
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, logs: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logs()}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`server did not become healthy:\n${logs()}`)
}

/**
 * Where the browser suite's setup leaves the bundled server it built (globalSetup.ts): the one
 * `npm start` runs. Suites without that setup start the server from its TypeScript.
 */
export const SERVER_BUNDLE_ENV = 'MANZIL_TEST_SERVER_BUNDLE'

/** A TypeScript entry runs under tsx; a bundle on plain Node, as `npm start` runs it. */
const nodeArguments = (entry: string) =>
  entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry]

/**
 * Starts the real server (the bundle when one was built, else `server/main.ts`; or another entry
 * such as `scripts/demo.ts`) on a random port with a temporary data dir.
 */
export async function startServer(
  env: Record<string, string> = {},
  entry = process.env[SERVER_BUNDLE_ENV] ?? 'server/main.ts',
): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-e2e-'))
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const logs = () => output
  const launch = async () => {
    const child = spawn(process.execPath, nodeArguments(entry), {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    await waitForHealth(url, child, logs)
    return child
  }
  const halt = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  let child = await launch()
  return {
    url,
    dataDir,
    logs,
    restart: async () => {
      await halt(child)
      child = await launch()
    },
    crash: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    },
    pid: () => child.pid ?? 0,
    stop: async () => {
      await halt(child)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type Account = { email: string; password: string }

/**
 * Registers through the API, reading the code from the mail: the one the server prints to its
 * log, or the one a real SMTP server received when the server was given SMTP_URL.
 */
export async function registerAccount(
  server: RunningServer,
  account: Account,
  mailbox: Pick<Mailbox, 'waitForMail'> = logMailbox(server),
) {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    })
  const sent = await post('/auth/register/send-code', { email: account.email })
  if (sent.status !== 200) throw new Error(`send-code answered ${sent.status}`)
  const code = codeIn(await mailbox.waitForMail(account.email))
  const registered = await post('/auth/register', { ...account, code })
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}`)
}

/**
 * The mails a server without SMTP_URL printed to its log (server/mail/mailer.ts), read the way a
 * person running `npm start` reads them: the text under the To and Subject lines.
 */
export function mailsInLog(logs: string): ReceivedMail[] {
  return logs.split('\n').flatMap((line) => {
    let entry: { msg?: string; mail?: { to?: string; subject?: string } }
    try {
      entry = JSON.parse(line) as typeof entry
    } catch {
      return []
    }
    const { msg = '', mail } = entry
    if (!mail?.to) return []
    const text = msg.slice(msg.indexOf('\n\n') + 2)
    return [{ from: '', to: [mail.to], subject: mail.subject ?? '', text, html: '', headers: new Map() }]
  })
}

/** A mailbox over the server's log: each mail printed there is taken once, oldest first. */
export function logMailbox(server: Pick<RunningServer, 'logs'>): Pick<Mailbox, 'waitForMail'> {
  const taken = new Map<string, number>()
  return {
    async waitForMail(to, timeoutMs = 5000) {
      const address = to.toLowerCase()
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mails = mailsInLog(server.logs()).filter((mail) => mail.to.includes(address))
        const seen = taken.get(address) ?? 0
        const mail = mails[seen]
        if (mail) {
          taken.set(address, seen + 1)
          return mail
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} in the log within ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
}
