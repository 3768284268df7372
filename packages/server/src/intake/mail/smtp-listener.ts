import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'
import type { Application } from '../../declarations'
import { intakeMail } from '../../commands/intakeMail'
import { logIntake } from './log'
import { intakeGate } from './gate'

/** A running SMTP intake listener. */
export interface SmtpIntake {
  port: number
  close(): Promise<void>
}

/** An SMTP error answer with its reply code (smtp-server sends `responseCode`). */
function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode })
}

/** Reads the message, keeping at most `max` bytes (and its head when it is larger, for the log). */
async function readMessage(stream: SMTPServerDataStream, max: number): Promise<{ source: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = []
  let size = 0
  let tooLarge = false
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) {
      // Enough of the head stays to log the sender and subject; the rest is read off and dropped.
      if (!tooLarge && chunks.length > 0) chunks.splice(1)
      tooLarge = true
      continue
    }
    chunks.push(chunk)
  }
  const source = Buffer.concat(chunks)
  return { source: tooLarge ? headOf(source) : source, tooLarge: tooLarge || stream.sizeExceeded }
}

/** The header block of a message (up to the first empty line). */
function headOf(source: Buffer): Buffer {
  const end = source.indexOf('\r\n\r\n')
  return end < 0 ? source.subarray(0, 64 * 1024) : source.subarray(0, end + 4)
}

/**
 * The SMTP listener of the e-mail intake (SMTP_INTAKE_PORT; off by default): accepts mail for intake addresses of
 * companies whose intake is on (an unknown address is refused at RCPT TO with the reason, and logged), refuses a mail
 * over MAX_INTAKE_MAIL_MB with 552, and takes every accepted mail in with intakeMail. A mail refused as a whole
 * (sender not allowed, nothing attached) is answered 550 with the reason; one with files is answered 250 and says how
 * many became documents. No authentication: run it behind the firm's mail server or on an internal network
 * (docs/office-setup.md).
 */
export async function startSmtpIntake(app: Application): Promise<SmtpIntake> {
  const { mailIntake } = app.get('config')
  const logger = app.get('logger')
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: mailIntake.maxMailBytes,
    banner: 'Portal mail intake',
    logger: false,
    onRcptTo(address, session: SMTPServerSession, callback) {
      intakeGate(app, address.address).then(
        async (gate) => {
          if (gate.open) return callback()
          await logIntake(app, {
            company_no: gate.companyNo,
            channel: 'smtp',
            sender: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            recipient: address.address,
            subject: '',
            attachments: [],
            result: 'refused',
            reason: gate.reason,
          })
          callback(smtpError(`No intake mailbox for ${address.address}`, 550))
        },
        (error: unknown) => {
          logger.error({ err: error }, 'mail intake: checking a recipient failed')
          callback(smtpError('Temporary failure, try again later', 451))
        },
      )
    },
    onData(stream, session, callback) {
      const take = async () => {
        const { source, tooLarge } = await readMessage(stream, mailIntake.maxMailBytes)
        const envelopeSender = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined
        const entries = []
        for (const recipient of session.envelope.rcptTo) {
          entries.push(await intakeMail({ app, channel: 'smtp', source, tooLarge, recipient: recipient.address, envelopeSender }))
        }
        if (tooLarge) return callback(smtpError(`Message exceeds the fixed maximum message size of ${mailIntake.maxMailBytes} bytes`, 552))
        const refused = entries.find((entry) => entry.reason !== null)
        if (refused && entries.every((entry) => entry.reason !== null)) return callback(smtpError(`Refused: ${refused.reason!.key}`, 550))
        const documents = entries.flatMap((entry) => entry.attachments).filter((file) => file.status === 'uploaded').length
        const other = entries.flatMap((entry) => entry.attachments).length - documents
        callback(null, `Accepted: ${documents} new documents, ${other} files not taken (see the intake log)`)
      }
      take().catch((error: unknown) => {
        logger.error({ err: error }, 'mail intake: taking a mail in failed')
        stream.resume()
        callback(smtpError('Temporary failure, try again later', 451))
      })
    },
  })
  server.on('error', (error) => logger.error({ err: error }, 'mail intake: SMTP listener error'))
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(mailIntake.smtpPort ?? 0, mailIntake.smtpHost, () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const port = (server.server.address() as AddressInfo).port
  logger.info({ port }, 'mail intake: SMTP listener running')
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
