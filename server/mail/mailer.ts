import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { multiLine, singleLine } from '../../src/domain/plainText.ts'
import type { Config } from '../config.ts'

export type Mail = { to: string; subject: string; text: string; html: string }

/**
 * Which mails go first: an account's own (sign-in, registration and e-mail change codes, reset
 * links, security notices), then booking change notices.
 */
export type MailLane = 'account' | 'notice'

export type Mailer = {
  /** Sends in the `account` lane unless `lane` says otherwise. */
  send(mail: Mail, lane?: MailLane): Promise<void>
}

/** Mails handed to the SMTP server at once. */
const SMTP_CONNECTIONS = 4
/** Of those, the most that carry notices: the others are always an account's mail's to take. */
const NOTICE_CONNECTIONS = 2

/**
 * Runs each send when a connection is free: waiting account mails before waiting notices, and
 * notices on NOTICE_CONNECTIONS at most, so however many notices wait, an account's mail starts
 * at once (unless SMTP_CONNECTIONS account mails are on their way already).
 */
function createLanes() {
  const waiting: Record<MailLane, Array<() => void>> = { account: [], notice: [] }
  let busy = 0
  let noticesBusy = 0
  const startNext = () => {
    while (busy < SMTP_CONNECTIONS) {
      const lane =
        waiting.account.length > 0
          ? 'account'
          : waiting.notice.length > 0 && noticesBusy < NOTICE_CONNECTIONS
            ? 'notice'
            : undefined
      if (!lane) return
      busy++
      if (lane === 'notice') noticesBusy++
      waiting[lane].shift()?.()
    }
  }
  return async (lane: MailLane, send: () => Promise<unknown>) => {
    await new Promise<void>((resolve) => {
      waiting[lane].push(resolve)
      startNext()
    })
    try {
      await send()
    } finally {
      busy--
      if (lane === 'notice') noticesBusy--
      startNext()
    }
  }
}

/**
 * A mail as it leaves, whatever built it: the address and the subject are one line (a line break
 * in a header starts a header of its own), and no text keeps a control character.
 */
const plainMail = (mail: Mail): Mail => ({
  to: singleLine(mail.to),
  subject: singleLine(mail.subject),
  text: multiLine(mail.text),
  html: multiLine(mail.html),
})

/**
 * nodemailer over SMTP_URL, in two lanes (account mail first); without it every mail is written
 * to the log in full, so a fresh `npm start` can register and sign in with the codes printed there.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(composed) {
        const mail = plainMail(composed)
        log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `mail (SMTP_URL is unset, so it is printed here)\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`,
        )
      },
    }
  }
  const transport = nodemailer.createTransport(config.smtpUrl)
  const inLane = createLanes()
  return {
    async send(mail, lane = 'account') {
      await inLane(lane, () => transport.sendMail({ from: config.mailFrom, ...plainMail(mail) }))
    },
  }
}
