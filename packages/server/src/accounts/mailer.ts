import nodemailer, { type Transporter } from 'nodemailer'
import type { OutgoingMailConfig } from '../config'

/** Sends one plain-text e-mail. */
export type SendMail = (message: { to: string; subject: string; text: string }) => Promise<void>

const transports = new WeakMap<OutgoingMailConfig, Transporter>()

/**
 * The outgoing mail of the portal (one-time password links) over SMTP_URL, or undefined when it is not configured
 * (the link is then shown once to the administrator instead). One pooled transport per configuration.
 */
export function mailerOf(config: OutgoingMailConfig): SendMail | undefined {
  const { smtpUrl, from } = config
  if (!smtpUrl) return undefined
  let transport = transports.get(config)
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl)
    transports.set(config, transport)
  }
  const ready = transport
  return async ({ to, subject, text }) => {
    await ready.sendMail({ from, to, subject, text })
  }
}
