import { ImapFlow } from 'imapflow'
import { simpleParser, type AddressObject } from 'mailparser'
import type { Application } from '../../declarations'
import { intakeMail } from '../../commands/intakeMail'
import { companyOfIntakeAddress } from './address'

/** A running IMAP poller. */
export interface ImapIntake {
  close(): Promise<void>
}

/** How many unseen mails one poll takes at most (the rest waits for the next). */
const BATCH = 50

/** The mailbox's connection settings from IMAP_INTAKE_URL (imaps://user:password@host:993/INBOX). */
function connectionOf(raw: string): { host: string; port: number; secure: boolean; user: string; pass: string; mailbox: string } {
  const url = new URL(raw)
  const secure = url.protocol === 'imaps:'
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
    mailbox: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX',
  }
}

const addresses = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value.map((entry) => entry.address ?? ''))

/** The intake address a polled mail was sent to: Delivered-To / X-Original-To first, then To and Cc. */
async function recipientOf(app: Application, source: Buffer): Promise<string> {
  const head = await simpleParser(source.subarray(0, Math.max(0, source.indexOf('\r\n\r\n')) || source.length), { skipHtmlToText: true })
  const header = (name: string) => {
    const value = head.headers.get(name)
    return typeof value === 'string' ? [value.replace(/^.*<|>.*$/g, '').trim()] : []
  }
  const candidates = [...header('delivered-to'), ...header('x-original-to'), ...addresses(head.to), ...addresses(head.cc)].filter(Boolean)
  const config = app.get('config').mailIntake
  return candidates.find((address) => companyOfIntakeAddress(config, address) !== undefined) ?? candidates[0] ?? ''
}

/** One poll: takes in every unseen mail of the mailbox and marks it seen (also when it was refused: it is logged). */
async function pollOnce(app: Application, raw: string): Promise<void> {
  const settings = connectionOf(raw)
  const client = new ImapFlow({ host: settings.host, port: settings.port, secure: settings.secure, auth: { user: settings.user, pass: settings.pass }, logger: false })
  await client.connect()
  try {
    const lock = await client.getMailboxLock(settings.mailbox)
    try {
      const unseen = (await client.search({ seen: false }, { uid: true })) || []
      const uids = unseen.slice(0, BATCH)
      if (uids.length === 0) return
      const maxBytes = app.get('config').mailIntake.maxMailBytes
      const messages = await client.fetchAll(uids, { uid: true, size: true, source: true }, { uid: true })
      for (const message of messages) {
        const source = message.source ?? Buffer.alloc(0)
        const tooLarge = (message.size ?? source.length) > maxBytes
        await intakeMail({ app, channel: 'imap', source, tooLarge, recipient: await recipientOf(app, source) })
        await client.messageFlagsAdd(String(message.uid), ['\\Seen'], { uid: true })
      }
    } finally {
      lock.release()
    }
  } finally {
    await client.logout().catch(() => undefined)
  }
}

/**
 * Polls the IMAP mailbox of IMAP_INTAKE_URL every IMAP_POLL_SECONDS (a catch-all mailbox of the firm's mail server,
 * e.g. for scanners that only "scan to e-mail"): each unseen mail goes through intakeMail like one the SMTP listener
 * receives, to the intake address it was delivered to. A failed poll is logged and tried again at the next.
 */
export function startImapIntake(app: Application): ImapIntake {
  const { imapUrl, imapPollSeconds } = app.get('config').mailIntake
  const logger = app.get('logger')
  let running: Promise<void> | undefined
  const poll = () => {
    if (running || !imapUrl) return
    running = pollOnce(app, imapUrl)
      .catch((error: unknown) => logger.error({ err: error }, 'mail intake: polling the IMAP mailbox failed'))
      .finally(() => {
        running = undefined
      })
  }
  const timer = setInterval(poll, imapPollSeconds * 1000)
  timer.unref()
  poll()
  return {
    close: async () => {
      clearInterval(timer)
      await running
    },
  }
}
