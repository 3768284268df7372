import type { Transporter } from 'nodemailer'
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
  return async ({ to, subject, text }) => {
    let transport = transports.get(config)
    if (!transport) {
      // nodemailer loads with the first mail, not at start (issue 38).
      const { default: nodemailer } = await import('nodemailer')
      transport = transports.get(config) ?? nodemailer.createTransport(smtpUrl)
      transports.set(config, transport)
    }
    await transport.sendMail({ from, to, subject, text })
  }
}
