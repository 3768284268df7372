import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { freePort } from './server'

/** One mail the in-process SMTP server received. */
export interface ReceivedMail {
  to: string
  subject: string
  text: string
}

/** An in-process SMTP server that keeps what it receives: point SMTP_URL at `url`. */
export interface SmtpInbox {
  url: string
  mails: ReceivedMail[]
  /** Resolves with the next mail to `to` that `matches` (they arrive after the call that sends them has answered). */
  mailTo(to: string, matches?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>
  close(): Promise<void>
}

/** Starts an SMTP server on a free port of 127.0.0.1 (no authentication, no TLS). */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to
          mails.push({ to: to?.value[0]?.address ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '' })
          callback()
        })
        .catch(callback)
    },
  })
  const port = await freePort()
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async mailTo(to, matches = () => true) {
      for (let waited = 0; waited < 10_000; waited += 50) {
        const mail = mails.find((candidate) => candidate.to === to && matches(candidate))
        if (mail) {
          mails.splice(mails.indexOf(mail), 1)
          return mail
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`no mail to ${to}`)
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}
