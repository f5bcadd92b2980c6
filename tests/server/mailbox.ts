import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
  from: string
  to: string[]
  subject: string
  text: string
  html: string
  headers: Map<string, string>
}

export type Mailbox = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  smtpUrl: string
  /** The next mail to this address not yet taken; waits for it, up to `timeoutMs`. */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>
  /** How many mails to this address arrived and were not taken yet. */
  unread(to: string): number
  stop(): Promise<void>
}

type MimePart = { headers: Map<string, string>; body: string }

function splitHeaders(raw: string): MimePart {
  const end = raw.search(/\r?\n\r?\n/)
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  // Folded lines continue the header above them.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function quotedPrintableBytes(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(joined.charCodeAt(i))
  }
  return Buffer.from(bytes)
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return quotedPrintableBytes(part.body).toString('utf8')
  return part.body
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintableBytes(text.replaceAll('_', ' ')).toString('utf8'),
    )
}

/** The text/plain and text/html leaves of a message, however deep the multiparts nest. */
function leaves(part: MimePart): MimePart[] {
  const type = part.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part]
  const sections = part.body.split(`--${boundary}`).slice(1)
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leaves(splitHeaders(section.replace(/^\r?\n/, ''))))
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const message = splitHeaders(raw)
  const parts = leaves(message)
  const bodyOf = (type: string) =>
    parts
      .filter((part) => (part.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type))
      .map(decodeBody)
      .join('')
      .replace(/\r\n/g, '\n')
  return {
    ...envelope,
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
    headers: message.headers,
  }
}

/** The six-digit code of a mail, as a person would read it. */
export function codeIn(mail: ReceivedMail): string {
  const code = /(?:^|\n)(\d{6})(?:\n|$)/.exec(mail.text)?.[1]
  if (!code) throw new Error(`no code in the mail:\n${mail.text}`)
  return code
}

/** The first link of a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0]
  if (!link) throw new Error(`no link in the mail:\n${mail.text}`)
  return link
}

type MailboxOptions = {
  /**
   * Accepts one mail at a time, each this long after the one before, as a busy relay does; a
   * mail arrives (and its sender hears 250) when its turn is over. Unset: at once.
   */
  msPerMail?: number
}

/** A real SMTP server on a random local port that keeps every mail it receives. */
export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  const inbox: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  let turn = Promise.resolve()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase())
        const arrive = () => {
          inbox.push(parseMail(Buffer.concat(chunks).toString('utf8'), { from, to }))
          for (const wake of waiters) wake()
          callback()
        }
        const { msPerMail } = options
        if (msPerMail === undefined) arrive()
        else turn = turn.then(() => new Promise((resolve) => setTimeout(resolve, msPerMail)).then(arrive))
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  const take = (to: string) => {
    const index = inbox.findIndex((mail) => mail.to.includes(to.toLowerCase()))
    return index === -1 ? undefined : inbox.splice(index, 1)[0]
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    waitForMail(to, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = take(to)
          if (!mail) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    unread: (to) => inbox.filter((mail) => mail.to.includes(to.toLowerCase())).length,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
