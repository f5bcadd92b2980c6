import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'

export type Mail = { to: string; subject: string; text: string; html: string }

export type Mailer = { send(mail: Mail): Promise<void> }

/**
 * nodemailer over SMTP_URL; without it every mail is written to the log in full, so a fresh
 * `npm start` can register and sign in with the codes printed there.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(mail) {
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
      await transport.sendMail({ from: config.mailFrom, ...mail })
    },
  }
}
