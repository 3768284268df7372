import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocumentStatus } from '../../packages/sdk/src/domain/index'
import type { DocumentCommentRecord, DocumentRequestMessageRecord, DocumentRequestRecord, UploadResponse } from '../../packages/sdk/src/services/index'
import { remindDueRequests } from '../../packages/server/src/jobs/remind-requests'
import { startTestServer, type TestServer } from '../support/server'
import { uploadFiles } from '../support/session'
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox'
import { signIn } from '../support/tokens'
import { createExtraCallers, EXTRA_PASSWORD } from './permissions.callers'
import { connect, connectAs, failure, nextEvent, type Connection } from './services.support'

// Issue 34 through the real server: requests for documents (ask, answer with a text or an upload, the thread, close,
// a bank transaction's receipt matched once booked), their reminders arriving at an in-process SMTP server on a fixed
// clock, and comments on documents (mentions mailed, history, BAO on a booked document, events only to who may see).

const INVOICE_PDF = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')

let server: TestServer
let inbox: SmtpInbox
let admin: Connection
let staff: Connection
let client: Connection
/** Reports only, company 1002: holds the company, may not see its documents. */
let rep1002: Connection
let clientToken: string
let pdf: Buffer
let uploads = 0

/** Uploads a fresh copy of the invoice PDF to 1002 as the client (a comment line keeps each file's hash its own). */
async function clientUpload(): Promise<number> {
  const bytes = Buffer.concat([pdf, Buffer.from(`\n% upload ${++uploads} ${Date.now()}\n`)])
  const response = await uploadFiles(server.url, clientToken, 1002, [{ name: `beleg-${uploads}.pdf`, bytes }])
  return ((await response.json()) as UploadResponse).results[0].documentId!
}

const due = '2026-04-15'

beforeAll(async () => {
  inbox = await startSmtpInbox()
  server = await startTestServer({ env: { SMTP_URL: inbox.url, MAIL_FROM: 'portal@kanzlei.test', WORKER_CONCURRENCY: '0', PORTAL_DEMO_LEDGER: '1' } })
  const extra = await createExtraCallers(server.knex)
  const tokens = await signIn(server.url, 'client@demo.portal', 'portal-demo')
  clientToken = tokens.idToken
  ;[admin, staff, client, rep1002] = await Promise.all([
    connectAs(server.url, 'admin'),
    connectAs(server.url, 'staff'),
    connect(server.url, tokens.idToken),
    signIn(server.url, extra.rep1002, EXTRA_PASSWORD).then((signedIn) => connect(server.url, signedIn.idToken)),
  ])
  pdf = await readFile(INVOICE_PDF)
})

afterAll(async () => {
  for (const connection of [admin, staff, client, rep1002]) connection?.close()
  await server?.close()
  await inbox?.close()
})

describe('requests for documents', () => {
  it('staff ask; the company sees it live, another company does not', async () => {
    const toClient = nextEvent<DocumentRequestRecord>(client.app, 'document-requests', 'created', 5000)
    const request = await staff.app.service('document-requests').create({ company_no: 1002, text: 'Bitte den Mietvertrag 2026 hochladen.', due_date: due })
    expect(request).toMatchObject({ company_no: 1002, kind: 'document', status: 'open', due_date: due, created_by_name: 'Stefan Bauer', reminders: [] })
    expect(await toClient).toMatchObject({ id: request.id, status: 'open' })

    const notToClient = nextEvent<DocumentRequestRecord>(client.app, 'document-requests', 'created', 1500)
    const foreign = await staff.app.service('document-requests').create({ company_no: 1001, text: 'Kassabuch Jänner', due_date: due })
    expect(await notToClient).toBeUndefined()
    expect(await failure(client.app.service('document-requests').find({ query: { company_no: 1001 } }))).toMatchObject({ code: 403 })
    const own = await client.app.service('document-requests').find({ query: {} })
    expect(own.data.map((row) => row.company_no)).not.toContain(1001)
    expect(own.data.map((row) => row.id)).toContain(request.id)
    expect(own.data.map((row) => row.id)).not.toContain(foreign.id)
  })

  it('refuses bad input naming the field and the rule, storing nothing', async () => {
    const before = Number((await server.knex('document_requests').count({ n: '*' }).first())!.n)
    expect(await failure(staff.app.service('document-requests').create({ company_no: 1002, text: '   ', due_date: due }))).toMatchObject({ code: 400, data: { params: { field: 'text' } } })
    expect(await failure(staff.app.service('document-requests').create({ company_no: 1002, text: 'x', due_date: '2026-02-30' }))).toMatchObject({ code: 400, data: { params: { field: 'due_date' } } })
    expect(await failure(staff.app.service('document-requests').create({ company_no: 1002, text: 'x', due_date: due, kind: 'transaction' }))).toMatchObject({
      code: 400,
      data: { key: 'requests:error.transactionKind', params: { field: 'bank_transaction_id' } },
    })
    expect(Number((await server.knex('document_requests').count({ n: '*' }).first())!.n)).toBe(before)
  })

  it('the company answers with a text (open → answered), keeps talking in the thread; staff close it', async () => {
    const request = await staff.app.service('document-requests').create({ company_no: 1002, kind: 'question', text: 'Wofür war die Zahlung an Büro Kaiser?', due_date: due })
    // Someone holding the company without doc may read but not answer; the company may not close.
    expect(await failure(rep1002.app.service('document-requests').patch(request.id, { answer: 'x' }))).toMatchObject({ code: 403 })
    expect(await failure(client.app.service('document-requests').patch(request.id, { status: 'closed' }))).toMatchObject({ code: 403 })
    expect(await failure(client.app.service('document-requests').patch(request.id, { answer: 'x', status: 'closed' }))).toMatchObject({ code: 403 })
    expect(await failure(staff.app.service('document-requests').patch(request.id, { answer: 'x', status: 'closed' }))).toMatchObject({ code: 400, data: { key: 'requests:error.answerAndClose' } })

    const toStaff = nextEvent<DocumentRequestRecord>(staff.app, 'document-requests', 'patched', 5000)
    const answered = await client.app.service('document-requests').patch(request.id, { answer: 'Druckerpapier und Toner.' })
    expect(answered).toMatchObject({ status: 'answered', answer: 'Druckerpapier und Toner.', answered_by_name: 'Clara Steiner', messages: 1 })
    expect(await toStaff).toMatchObject({ id: request.id, status: 'answered' })

    const messageToClient = nextEvent<DocumentRequestMessageRecord>(client.app, 'document-request-messages', 'created', 5000)
    await staff.app.service('document-request-messages').create({ request_id: request.id, text: 'Danke! Gibt es dazu eine Rechnung?' })
    expect(await messageToClient).toMatchObject({ request_id: request.id, author_name: 'Stefan Bauer' })
    const thread = await client.app.service('document-request-messages').find({ query: { request_id: request.id } })
    expect(thread.data.map((message) => message.text)).toEqual(['Druckerpapier und Toner.', 'Danke! Gibt es dazu eine Rechnung?'])

    const closed = await staff.app.service('document-requests').patch(request.id, { status: 'closed' })
    expect(closed).toMatchObject({ status: 'closed', closed_by_name: 'Stefan Bauer' })
    expect(await failure(client.app.service('document-requests').patch(request.id, { answer: 'Noch etwas' }))).toMatchObject({ code: 409, data: { key: 'requests:error.closed' } })
  })

  it('the company answers with an upload of theirs; a document of another company is refused', async () => {
    const request = await staff.app.service('document-requests').create({ company_no: 1002, text: 'Rechnung Büro Kaiser März', due_date: due })
    const foreignDocument = ((await server.knex('documents').where({ company_no: 1001 }).first('id')) as { id: number }).id
    expect(await failure(admin.app.service('document-requests').patch(request.id, { document_id: foreignDocument }))).toMatchObject({ code: 400, data: { key: 'requests:error.documentOfOtherCompany', params: { field: 'document_id' } } })
    const documentId = await clientUpload()
    const answered = await client.app.service('document-requests').patch(request.id, { document_id: documentId })
    expect(answered).toMatchObject({ status: 'answered', document_id: documentId })
    const thread = await staff.app.service('document-request-messages').find({ query: { request_id: request.id } })
    expect(thread.data).toMatchObject([{ document_id: documentId, author_name: 'Clara Steiner' }])
  })

  it('asks from an unmatched bank transaction; the receipt, once booked, settles it through the banking match', async () => {
    // A booked incoming invoice of 1002 with its open amount, and a payment of exactly that amount on the account.
    const item = (await admin.app.service('unpaid-items').find({ query: { client: 1002, side: 'ER', $limit: 50 } })).data.find((row) => Number(row.open) > 0 && row.paid === '0.00')!
    expect(item).toBeDefined()
    const [{ id: accessId }] = (await server.knex('bank_accesses').insert({ company_no: 1002, iban: 'AT483200000012345864', status: 'approved', provider: 'files', requested_by_name: 'Test' }).returning('id')) as { id: number }[]
    const [{ id: transactionId }] = (await server.knex('bank_transactions')
      .insert({ company_no: 1002, access_id: accessId, entry_key: 'request-match-1', booking_date: '2026-03-20', value_date: '2026-03-20', amount: `-${item.open}`, currency: 'EUR', counterparty_name: 'Büro Kaiser KG', remittance: '' })
      .returning('id')) as { id: number }[]
    // staff lack the banking view (ban): they may not ask from a movement they cannot see.
    expect(await failure(staff.app.service('document-requests').create({ company_no: 1002, text: 'Beleg bitte', due_date: due, bank_transaction_id: transactionId }))).toMatchObject({ code: 403 })
    expect(await failure(admin.app.service('document-requests').create({ company_no: 1001, text: 'Beleg bitte', due_date: due, bank_transaction_id: transactionId }))).toMatchObject({ code: 400, data: { params: { field: 'bank_transaction_id' } } })
    const request = await admin.app.service('document-requests').create({ company_no: 1002, text: 'Beleg zur Abbuchung', due_date: due, bank_transaction_id: transactionId })
    expect(request).toMatchObject({ kind: 'transaction', transaction: { booking_date: '2026-03-20', amount: `-${item.open}`, counterparty_name: 'Büro Kaiser KG', matched: false } })

    const answered = await client.app.service('document-requests').patch(request.id, { document_id: item.document_id })
    expect(answered).toMatchObject({ status: 'answered', document_id: item.document_id, transaction: { matched: true } })
    const match = await server.knex('bank_matches').where({ transaction_id: transactionId }).whereNull('undone_at').first('booking_id')
    expect(match).toMatchObject({ booking_id: item.id })
  })

  it('reminds a request still open at its due date by e-mail in the recipient language, then after the company interval', async () => {
    const request = await staff.app.service('document-requests').create({ company_no: 1002, text: 'Kontoauszüge Februar', due_date: '2026-04-01' })
    const app = server.server.app
    const at = (day: string) => () => new Date(`${day}T08:00:00Z`)
    const mine = (sent: { requestId: number; to: string }[]) => sent.filter((one) => one.requestId === request.id).map((one) => one.to)
    expect(mine(await remindDueRequests({ app, now: at('2026-03-31') }))).toEqual([])

    // The company's people who answer (the client: doc, no acc) are reminded; the firm's staff and admin are not.
    // Two servers running the check at once mail each reminder once.
    const runs = await Promise.all([remindDueRequests({ app, now: at('2026-04-01') }), remindDueRequests({ app, now: at('2026-04-01') })])
    const first = mine(runs.flat())
    expect(first.filter((to) => to === 'client@demo.portal')).toHaveLength(1)
    expect(first).toContain('client@demo.portal')
    expect(first).not.toContain('staff@demo.portal')
    expect(first).not.toContain('admin@demo.portal')
    const english = await inbox.mailTo('client@demo.portal', (mail) => mail.text.includes('Kontoauszüge Februar'))
    expect(english.subject).toBe('Reminder: a request from your tax firm is waiting for your answer')
    expect(english.text).toContain('1 Apr 2026')
    expect(english.text).toContain('/requests/1002')
    const [reminded] = (await staff.app.service('document-requests').find({ query: { id: request.id } })).data
    expect(reminded.reminders).toContainEqual({ at: '2026-04-01T08:00:00.000Z', recipient_name: 'Clara Steiner' })

    expect(mine(await remindDueRequests({ app, now: at('2026-04-07') }))).toEqual([])
    await client.app.service('users').patch(client.session!.user.keycloakId, { locale: 'de' })
    try {
      expect(mine(await remindDueRequests({ app, now: at('2026-04-08') }))).toContain('client@demo.portal')
      const german = await inbox.mailTo('client@demo.portal', (mail) => mail.text.includes('Kontoauszüge Februar'))
      expect(german.subject).toBe('Erinnerung: eine Anforderung Ihrer Steuerberatung wartet auf Ihre Antwort')
      expect(german.text).toContain('01.04.2026')
    } finally {
      await client.app.service('users').patch(client.session!.user.keycloakId, { locale: 'en' })
    }

    // A company that reminds never (0), and an answered request, are not reminded.
    await admin.app.service('company-settings').patch(1002, { request_reminder_days: 0 })
    expect(mine(await remindDueRequests({ app, now: at('2026-04-30') }))).toEqual([])
    await admin.app.service('company-settings').patch(1002, { request_reminder_days: 7 })
    await client.app.service('document-requests').patch(request.id, { answer: 'Sind hochgeladen.' })
    expect(mine(await remindDueRequests({ app, now: at('2026-05-30') }))).toEqual([])
  })
})

describe('comments on documents', () => {
  it('a comment reaches those who may see the document, mentions notify by e-mail, and it enters the history', async () => {
    const documentId = await clientUpload()
    expect(await failure(rep1002.app.service('document-comments').find({ query: { document_id: documentId } }))).toMatchObject({ code: 403 })
    const toStaff = nextEvent<DocumentCommentRecord>(staff.app, 'document-comments', 'created', 5000)
    const notToRep = nextEvent<DocumentCommentRecord>(rep1002.app, 'document-comments', 'created', 1500)
    const comment = await client.app.service('document-comments').create({ document_id: documentId, text: '@Stefan Bauer bitte auf Kostenstelle Büro buchen.' })
    expect(comment).toMatchObject({ document_id: documentId, author_name: 'Clara Steiner', mentions: [{ name: 'Stefan Bauer' }] })
    expect(await toStaff).toMatchObject({ id: comment.id })
    expect(await notToRep).toBeUndefined()
    const mail = await inbox.mailTo('staff@demo.portal')
    expect(mail.subject).toBe(`Clara Steiner hat Sie bei Beleg ${documentId} erwähnt`)
    expect(mail.text).toContain(`/doc/1002/${documentId}`)

    const edited = await client.app.service('document-comments').patch(comment.id, { text: 'Bitte auf Kostenstelle Büro buchen.' })
    expect(edited).toMatchObject({ text: 'Bitte auf Kostenstelle Büro buchen.', mentions: [] })
    expect(edited.edited_at).not.toBeNull()
    expect(await failure(staff.app.service('document-comments').patch(comment.id, { text: 'x' }))).toMatchObject({ code: 403, data: { key: 'requests:error.notAuthor' } })
    const history = await staff.app.service('document-history').find({ query: { document_id: documentId } })
    expect(history.data.filter((entry) => entry.action.startsWith('comment')).map((entry) => entry.action)).toEqual(['commentEdit', 'comment'])
    const thread = await staff.app.service('document-comments').find({ query: { document_id: documentId } })
    expect(thread.data.map((row) => row.text)).toEqual(['Bitte auf Kostenstelle Büro buchen.'])
  })

  it('on a booked document a comment is added but not edited or deleted (BAO)', async () => {
    const booked = (await server.knex('documents').where({ company_no: 1002 }).whereRaw('status & ? = ?', [DocumentStatus.Booked, DocumentStatus.Booked]).first('id')) as { id: number } | undefined
    expect(booked).toBeDefined()
    const comment = await staff.app.service('document-comments').create({ document_id: booked!.id, text: 'Zahlung am 20.03. zugeordnet.' })
    const refusal = await failure(staff.app.service('document-comments').patch(comment.id, { text: 'geändert' }))
    expect(refusal).toMatchObject({ code: 409, data: { key: 'requests:error.bookedComment', params: { documentId: booked!.id } } })
    expect(await failure(staff.app.service('document-comments').remove(comment.id))).toMatchObject({ code: 409, data: { key: 'requests:error.bookedComment' } })
    const [kept] = (await staff.app.service('document-comments').find({ query: { document_id: booked!.id } })).data.filter((row) => row.id === comment.id)
    expect(kept).toMatchObject({ text: 'Zahlung am 20.03. zugeordnet.', removed_at: null })
  })

  it("an outgoing invoice's comments need lar, for calls and events", async () => {
    const outgoing = (await server.knex('documents').where({ company_no: 1002 }).whereIn('document_type', ['AR', 'AR_U']).first('id')) as { id: number } | undefined
    expect(outgoing).toBeDefined()
    const toStaff = nextEvent<DocumentCommentRecord>(staff.app, 'document-comments', 'created', 5000)
    const notToClient = nextEvent<DocumentCommentRecord>(client.app, 'document-comments', 'created', 1500)
    await admin.app.service('document-comments').create({ document_id: outgoing!.id, text: 'Skonto beachten.' })
    expect(await toStaff).toMatchObject({ document_id: outgoing!.id })
    expect(await notToClient).toBeUndefined()
    expect(await failure(client.app.service('document-comments').find({ query: { document_id: outgoing!.id } }))).toMatchObject({ code: 403 })
    // A mention of someone who may not see the document mentions no one.
    const comment = await admin.app.service('document-comments').create({ document_id: outgoing!.id, text: '@Clara Steiner bitte Skonto prüfen.' })
    expect(comment.mentions).toEqual([])
  })
})
