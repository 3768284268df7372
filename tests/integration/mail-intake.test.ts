import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport, type Transporter } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IntakeLogEntry } from '../../packages/sdk/src/services/index'
import { freePort, startTestServer, type TestServer } from '../support/server'
import { connectAs, nextEvent, type Connection } from './services.support'

const DOCS = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs')

describe('e-mail intake: the SMTP listener', () => {
  let server: TestServer
  let admin: Connection
  let smtp: Transporter
  let rent: Buffer
  let discounts: Buffer
  const documentsOf = async (companyNo: number) =>
    (await server.knex('documents').where({ company_no: companyNo }).orderBy('id').select('id', 'file_name')) as { id: number; file_name: string }[]
  const send = (options: { from: string; to: string; subject: string; attachments: { filename: string; content: Buffer | string }[] }) =>
    smtp.sendMail({ ...options, text: 'Anbei die Rechnung.' })

  beforeAll(async () => {
    const port = await freePort()
    server = await startTestServer({ env: { SMTP_INTAKE_PORT: String(port), INTAKE_ADDRESS: 'rechnungen@kanzlei.test', MAX_INTAKE_MAIL_MB: '1' } })
    admin = await connectAs(server.url, 'admin')
    smtp = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, tls: { rejectUnauthorized: false } })
    rent = await readFile(join(DOCS, 'XML-Rechnung__FX__EN16931_Miete.pdf'))
    discounts = await readFile(join(DOCS, 'XML-Rechnung__FX__EN16931_Rabatte.pdf'))
    await admin.app.service('intake-settings').patch(1002, { enabled: true, allowed_senders: ['@lieferant.at', 'chef@steiner.at'] })
  })

  afterAll(async () => {
    smtp?.close()
    admin?.close()
    await server?.close()
  })

  it('shows administrators the company’s intake address', async () => {
    const [settings] = await admin.app.service('intake-settings').find({ query: { client: 1002 } })
    expect(settings).toEqual({ company_no: 1002, address: 'rechnungen+1002@kanzlei.test', enabled: true, allowed_senders: ['@lieferant.at', 'chef@steiner.at'], smtp: true, imap: false })
    // The change is in the audit log: who, and the settings before and after.
    expect(await server.knex('audit_log').where({ action: 'intakeSettings.change', entity_id: '1002' }).first('actor_name', 'company_no', 'before', 'after')).toEqual({
      actor_name: 'Anna Huber',
      company_no: 1002,
      before: { enabled: false, allowed_senders: [] },
      after: { enabled: true, allowed_senders: ['@lieferant.at', 'chef@steiner.at'] },
    })
  })

  it('turns two invoice attachments into documents of the company and logs the refused file with its reason', async () => {
    const before = await documentsOf(1002)
    const logged = nextEvent<IntakeLogEntry>(admin.app, 'intake-log', 'created', 20_000)
    const info = await send({
      from: 'Buchhaltung <buchhaltung@lieferant.at>',
      to: 'rechnungen+1002@kanzlei.test',
      subject: 'Rechnungen November',
      attachments: [
        { filename: 'miete.pdf', content: rent },
        { filename: 'rabatte.pdf', content: discounts },
        { filename: 'notiz.docx', content: Buffer.from('PK\u0003\u0004 not an invoice') },
      ],
    })
    expect(info.response).toMatch(/^250 .*2 new documents/)
    const added = (await documentsOf(1002)).slice(before.length)
    expect(added.map((document) => document.file_name)).toEqual(['miete.pdf', 'rabatte.pdf'])

    const entry = await logged
    expect(entry).toMatchObject({ company_no: 1002, channel: 'smtp', sender: 'buchhaltung@lieferant.at', recipient: 'rechnungen+1002@kanzlei.test', subject: 'Rechnungen November', result: 'partial', reason: null })
    expect(entry!.attachments).toEqual([
      { name: 'miete.pdf', status: 'uploaded', documentId: added[0].id },
      { name: 'rabatte.pdf', status: 'uploaded', documentId: added[1].id },
      { name: 'notiz.docx', status: 'refused', error: { key: 'documents:refusal.unsupportedType', params: expect.objectContaining({ file: 'notiz.docx' }) } },
    ])
    const [latest] = await admin.app.service('intake-log').find({ query: { client: 1002, $limit: 1 } })
    expect(latest).toEqual(entry)
  })

  it('answers the same attachment again with "Document already exists" and stores nothing new', async () => {
    const before = await documentsOf(1002)
    await send({ from: 'chef@steiner.at', to: 'rechnungen+1002@kanzlei.test', subject: 'Nochmal', attachments: [{ filename: 'miete-kopie.pdf', content: rent }] })
    expect(await documentsOf(1002)).toEqual(before)
    const [latest] = await admin.app.service('intake-log').find({ query: { client: 1002, $limit: 1 } })
    expect(latest).toMatchObject({ subject: 'Nochmal', result: 'accepted', attachments: [{ name: 'miete-kopie.pdf', status: 'exists', error: { key: 'errors:document.alreadyExists' } }] })
  })

  it('refuses a sender not on the allowed list, storing nothing and logging why', async () => {
    const before = await documentsOf(1002)
    await expect(send({ from: 'fremd@example.com', to: 'rechnungen+1002@kanzlei.test', subject: 'Spam', attachments: [{ filename: 'x.pdf', content: discounts }] })).rejects.toMatchObject({ responseCode: 550 })
    expect(await documentsOf(1002)).toEqual(before)
    const [latest] = await admin.app.service('intake-log').find({ query: { client: 1002, $limit: 1 } })
    expect(latest).toMatchObject({ sender: 'fremd@example.com', subject: 'Spam', result: 'refused', reason: { key: 'scanners:mail.senderNotAllowed', params: { sender: 'fremd@example.com' } } })
  })

  it('refuses an oversized mail whole with 552, logged with the reason', async () => {
    const before = await documentsOf(1002)
    const big = Buffer.alloc(1536 * 1024, 'A')
    await expect(send({ from: 'chef@steiner.at', to: 'rechnungen+1002@kanzlei.test', subject: 'Zu groß', attachments: [{ filename: 'gross.pdf', content: big }] })).rejects.toMatchObject({ responseCode: 552 })
    expect(await documentsOf(1002)).toEqual(before)
    const [latest] = await admin.app.service('intake-log').find({ query: { client: 1002, $limit: 1 } })
    expect(latest).toMatchObject({ subject: 'Zu groß', result: 'refused', reason: { key: 'scanners:mail.tooLarge', params: { maxMb: 1 } } })
  })

  it('refuses unknown addresses and companies whose intake is off at RCPT TO, and logs them', async () => {
    for (const to of ['rechnungen+1003@kanzlei.test', 'belege+1002@kanzlei.test', 'rechnungen+99999@kanzlei.test']) {
      await expect(send({ from: 'chef@steiner.at', to, subject: 'Irrläufer', attachments: [{ filename: 'x.pdf', content: discounts }] })).rejects.toMatchObject({ responseCode: 550 })
    }
    expect(await documentsOf(1003)).toEqual([])
    const unknown = await server.knex('intake_log').whereIn('recipient', ['belege+1002@kanzlei.test', 'rechnungen+99999@kanzlei.test']).select('company_no', 'result')
    expect(unknown).toEqual([
      { company_no: null, result: 'refused' },
      { company_no: null, result: 'refused' },
    ])
    // Company 1003 exists but takes no mail: its admins see the attempt.
    const [off] = await admin.app.service('intake-log').find({ query: { client: 1003 } })
    expect(off).toMatchObject({ recipient: 'rechnungen+1003@kanzlei.test', result: 'refused', reason: { key: 'scanners:mail.unknownAddress' } })
  })
})
