import { readFile } from 'node:fs/promises'
import type { Server } from 'node:net'
import { join } from 'node:path'
import hoodiecrow from 'hoodiecrow-imap'
import { ImapFlow } from 'imapflow'
import MailComposer from 'nodemailer/lib/mail-composer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IntakeLogEntry } from '../../packages/sdk/src/services/index'
import { freePort, startTestServer, type TestServer } from '../support/server'
import { connectAs, nextEvent, type Connection } from './services.support'

const INVOICE_PDF = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_Rabatte.pdf')

/** A mail as a scanner's "scan to e-mail" sends it, as raw RFC 5322 bytes. */
function scanMail(to: string, attachment: { filename: string; content: Buffer }): Promise<Buffer> {
  return new MailComposer({ from: 'scanner@kanzlei.test', to, subject: 'Scan vom Empfang', text: 'Gescannt', attachments: [attachment] }).compile().build()
}

describe('e-mail intake: polling an IMAP mailbox', () => {
  let imap: Server
  let imapPort: number
  let server: TestServer
  let admin: Connection

  beforeAll(async () => {
    imapPort = await freePort()
    imap = hoodiecrow({ plugins: ['ID', 'UIDPLUS', 'UNSELECT', 'ENABLE'], storage: { INBOX: { messages: [] } } })
    await new Promise<void>((resolve) => imap.listen(imapPort, '127.0.0.1', () => resolve()))
    server = await startTestServer({
      env: { IMAP_INTAKE_URL: `imap://testuser:testpass@127.0.0.1:${imapPort}/INBOX`, IMAP_POLL_SECONDS: '1', INTAKE_ADDRESS: 'rechnungen@kanzlei.test' },
    })
    admin = await connectAs(server.url, 'admin')
    await admin.app.service('intake-settings').patch(1004, { enabled: true })
  })

  afterAll(async () => {
    admin?.close()
    await server?.close()
    await new Promise((resolve) => imap?.close(resolve))
  })

  it('takes in an unseen mail for the intake address it was sent to, then marks it seen; a mail to an unknown address is logged and marked seen too', async () => {
    const pdf = await readFile(INVOICE_PDF)
    const logged = nextEvent<IntakeLogEntry>(admin.app, 'intake-log', 'created', 30_000)
    const mailbox = new ImapFlow({ host: '127.0.0.1', port: imapPort, secure: false, auth: { user: 'testuser', pass: 'testpass' }, logger: false })
    await mailbox.connect()
    try {
      await mailbox.append('INBOX', await scanMail('rechnungen+1004@kanzlei.test', { filename: 'scan-empfang.pdf', content: pdf }))
      await mailbox.append('INBOX', await scanMail('rechnungen+1003@kanzlei.test', { filename: 'irrlaeufer.pdf', content: pdf }))

      const entry = await logged
      expect(entry).toMatchObject({ channel: 'imap', company_no: 1004, recipient: 'rechnungen+1004@kanzlei.test', sender: 'scanner@kanzlei.test', result: 'accepted' })
      expect(entry!.attachments).toEqual([{ name: 'scan-empfang.pdf', status: 'uploaded', documentId: expect.any(Number) }])
      expect(await server.knex('documents').where({ id: entry!.attachments[0].documentId }).first('company_no', 'file_name')).toEqual({ company_no: 1004, file_name: 'scan-empfang.pdf' })

      // Both mails end up seen, so the next poll does not take them again.
      const deadline = Date.now() + 30_000
      let unseen: number[] = []
      do {
        await new Promise((resolve) => setTimeout(resolve, 500))
        const lock = await mailbox.getMailboxLock('INBOX')
        try {
          unseen = (await mailbox.search({ seen: false }, { uid: true })) || []
        } finally {
          lock.release()
        }
      } while (unseen.length > 0 && Date.now() < deadline)
      expect(unseen).toEqual([])
      const refused = await server.knex('intake_log').where({ channel: 'imap', recipient: 'rechnungen+1003@kanzlei.test' }).first('company_no', 'result', 'reason')
      expect(refused).toEqual({ company_no: 1003, result: 'refused', reason: { key: 'scanners:mail.unknownAddress', params: { address: 'rechnungen+1003@kanzlei.test' } } })
      expect(Number((await server.knex('documents').where({ company_no: 1004 }).count('* as n').first())!.n)).toBe(1)
    } finally {
      await mailbox.logout()
    }
  })
})
