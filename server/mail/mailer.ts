import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { multiLine, singleLine } from '../../src/domain/plainText.ts'
import type { Config } from '../config.ts'

export type Mail = { to: string; subject: string; text: string; html: string }

export type Mailer = { send(mail: Mail): Promise<void> }

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
 * nodemailer over SMTP_URL; without it every mail is written to the log in full, so a fresh
 * `npm start` can register and sign in with the codes printed there.
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
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...plainMail(mail) })
    },
  }
}
