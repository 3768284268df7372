import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataSource, DocumentStatus, needsAttention } from '../../packages/sdk/src/domain/index'
import type { DocumentPresence, DocumentPresenceAnswer, DocumentRecord } from '../../packages/sdk/src/services/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { purgeExpiredTrash } from '../../packages/server/src/jobs/purge-trash'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, uploadResults, type UserSession } from '../support/session'
import { failure, nextEvent } from './services.support'

// Issue 11 on the server: the views with their counts and filters, labeling the review's fields, confirming,
// optimistic concurrency, the history, the trash with its 30-day retention, and presence. Driven over real sockets as
// staff (company 1001..1005, lar, app, lab) and the client (1002 only; no lar, no lab). Runs on PGlite and, with
// DATABASE_URL, on PostgreSQL.

const DAY_MS = 24 * 60 * 60 * 1000
const NO_ACCESS = { name: 'Forbidden', code: 403, message: 'You lack permission for this action', data: { key: 'errors:access.forbidden', params: {} } }

describe('review: views, labels, confirmation, concurrency, history, trash and presence', () => {
  let server: TestServer
  let staff: UserSession
  let client: UserSession
  let counter = 0

  /** Uploads a fresh supplier invoice to `companyNo` as `user` and resolves once its extraction is done. */
  async function newDocument(user: UserSession, companyNo: number, gross = '240,00'): Promise<DocumentRecord> {
    const name = `review-${++counter}.pdf`
    const bytes = await supplierInvoicePdf(`RV-2026-${String(counter).padStart(4, '0')}`, gross)
    const done = new Promise<DocumentRecord>((resolve) => {
      const handler = (record: DocumentRecord) => {
        if (record.file_name === name && record.processing_state === 'done') {
          user.client.service('documents').removeListener('patched', handler)
          resolve(record)
        }
      }
      user.client.service('documents').on('patched', handler)
    })
    const [result] = await uploadResults(await uploadFiles(server.url, user.token, companyNo, [{ name, bytes }], 'er_u'))
    expect(result.status).toBe('uploaded')
    return done
  }

  /** The document as the fields view answers it now (its version included). */
  const fieldsOf = (user: UserSession, id: number) => user.client.service('document-fields').get(id)

  const label = (user: UserSession, document_id: number, field: string, value: string, version?: number) =>
    user.client.service('document-labels').create({ document_id, field: field as never, value, ...(version === undefined ? {} : { version }) })

  /** Makes a document confirmable: invoice number, date and consistent totals with one tax line. */
  async function complete(id: number): Promise<number> {
    let version = (await fieldsOf(staff, id)).document.version
    for (const [field, value] of [
      ['invoice_number', `RV-${id}`],
      ['issue_date', '2026-03-12'],
      ['total_net', '200.00'],
      ['total_tax', '40.00'],
      ['total_gross', '240.00'],
      ['tax_breakdown', '[{"basis":"200.00","rate":"20","tax":"40.00"}]'],
    ]) {
      version = (await label(staff, id, field, value, version)).version
    }
    return version
  }

  const erU = (client_no: number) => ({ client_no, aggregated: true, type: 'ER_U' as const, fullText: null, $select: ['id' as const] })

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    client = await signInSession(server.url, 'client@demo.portal')
  })
  afterAll(async () => {
    staff?.client.close()
    client?.client.close()
    await server?.close()
  })

  describe('views', () => {
    it('counts every view in one call, filters, sorts and pages, and keeps the outgoing views to lar', async () => {
      const cheap = await newDocument(staff, 1003, '12,50')
      const dear = await newDocument(staff, 1003, '1.999,00')
      await label(staff, cheap.id, 'seller_name', 'Bäckerei Zopf OG')
      const counts = await staff.client.service('invoice-counts').find({ query: { client_no: 1003 } })
      expect(counts.views).toMatchObject({ ER_U: 2, AR_U: 0, ER: 0, AR: 0, Trash: 0, FullText: null })
      const aggregator = staff.client.service('aggregator')
      expect((await aggregator.find({ query: erU(1003) })).total).toBe(2)
      const byAmount = await aggregator.find({ query: { client_no: 1003, type: 'ER_U', amount_min: '100.00' } })
      expect(byAmount.data.map((row) => row.id)).toEqual([dear.id])
      const byParty = await aggregator.find({ query: { client_no: 1003, type: 'ER_U', party: 'zopf' } })
      expect(byParty.data).toEqual([expect.objectContaining({ id: cheap.id, party_name: 'Bäckerei Zopf OG' })])
      const sorted = await aggregator.find({ query: { client_no: 1003, type: 'ER_U', $sort: { total_gross: 1 }, $limit: 1, $skip: 1 } })
      expect(sorted).toMatchObject({ total: 2, limit: 1, skip: 1, data: [expect.objectContaining({ id: dear.id, total_gross: '1999.00' })] })
      const dated = await aggregator.find({ query: { client_no: 1003, type: 'ER_U', date_from: '2026-03-13' } })
      expect(dated.total).toBe(0)
      const unconfirmed = await aggregator.find({ query: { client_no: 1003, type: 'ER_U', status_lacks: DocumentStatus.Confirmed } })
      expect(unconfirmed.total).toBe(2)

      // The client lacks lar: the outgoing views are refused and not counted.
      expect(await failure(client.client.service('aggregator').find({ query: { client_no: 1002, type: 'AR' } }))).toMatchObject(NO_ACCESS)
      const clientCounts = await client.client.service('invoice-counts').find({ query: { client_no: 1002 } })
      expect(clientCounts.views.AR_U).toBeNull()
      expect(clientCounts.views.AR).toBeNull()
      expect(typeof clientCounts.views.ER_U).toBe('number')
    })

    it('sorts by amount as a number, not as its text', async () => {
      const small = await newDocument(staff, 1005, '9,90')
      const large = await newDocument(staff, 1005, '12,50')
      const sorted = await staff.client.service('aggregator').find({ query: { client_no: 1005, type: 'ER_U', $sort: { total_gross: -1 }, $select: ['id'] } })
      expect(sorted.data.map((row) => row.id).filter((id) => id === small.id || id === large.id)).toEqual([large.id, small.id])
    })

    it('refuses a foreign company exactly like a missing one', async () => {
      const foreign = await failure(client.client.service('invoice-counts').find({ query: { client_no: 1001 } }))
      expect(foreign).toMatchObject(NO_ACCESS)
      const document = await newDocument(staff, 1001)
      const refusals = await Promise.all([
        failure(client.client.service('document-history').find({ query: { document_id: document.id } })),
        failure(client.client.service('document-history').find({ query: { document_id: 987_654_321 } })),
        failure(client.client.service('document-confirmations').create({ document_id: document.id, version: document.version })),
        failure(client.client.service('document-confirmations').create({ document_id: 987_654_321, version: 1 })),
        failure(client.client.service('document-trash').create({ document_id: document.id, version: document.version })),
        failure(client.client.service('document-presence').create({ document_id: document.id })),
      ])
      for (const refusal of refusals) expect(refusal).toMatchObject(NO_ACCESS)
    })
  })

  describe('labels', () => {
    it('stores typed and pointed values of the review fields, with their page and box, and refuses values that break a rule', async () => {
      const document = await newDocument(staff, 1001)
      const box = { x: 50, y: 142, width: 60, height: 10 }
      const pointed = await label(staff, document.id, 'invoice_number', 'RV-POINTED', document.version)
      expect(pointed).toMatchObject({ source: DataSource.Human_Labeling, version: document.version + 1 })
      await staff.client.service('document-labels').create({ document_id: document.id, field: 'seller_name', value: 'Tischlerei Berger GmbH', page: 1, box })
      for (const [field, value] of [
        ['payment_method', 'sepaDirectDebit'],
        ['payment_date', '2026-04-01'],
        ['service_period_start', '2026-01-01'],
        ['service_period_end', '2026-03-31'],
        ['counter_account', '5020'],
        ['business_lunch', 'true'],
        ['business_lunch_reason', 'Projektbesprechung'],
        ['settlement_kind', 'final_settlement'],
        ['category', '3'],
      ]) {
        await label(staff, document.id, field, value)
      }
      const fields = await fieldsOf(staff, document.id)
      const current = (field: string) => fields.fields.find((entry) => entry.field === field)?.current
      expect(current('seller_name')).toMatchObject({ value: 'Tischlerei Berger GmbH', source: DataSource.Human_Labeling, page: 1, box })
      expect(current('payment_method')?.value).toBe('sepaDirectDebit')
      expect(fields.document).toMatchObject({ party_name: 'Tischlerei Berger GmbH', category: 3 })
      const row = await server.knex('documents').where({ id: document.id }).first()
      expect(row).toMatchObject({ payment_method: 'sepa_direct_debit', counter_account: 5020, business_lunch: true, settlement_kind: 'final_settlement' })

      const refused = async (field: string, value: string) => failure(label(staff, document.id, field, value))
      expect(await refused('payment_date', '2026-02-30')).toMatchObject({ code: 400, data: { key: 'validation:date', params: { field: 'payment_date' } } })
      expect(await refused('account_number', '339999')).toMatchObject({ code: 400, data: { key: 'errors:account.notFound', params: { field: 'account_number' } } })
      expect(await refused('counter_account', '4711')).toMatchObject({ code: 400, data: { key: 'errors:account.notFound', params: { field: 'counter_account' } } })
      expect(await refused('settlement_kind', 'instalment')).toMatchObject({ code: 400, data: { key: 'validation:choice' } })
      expect(await refused('tax_breakdown', '[{"basis":"100.00","rate":"20","tax":"21.00"},{"basis":"50.00","rate":"10","tax":"5.00"}]')).toMatchObject({
        code: 400,
        data: { key: 'errors:document.calculationFailed', params: { field: 'tax_breakdown', line: 1, expected: '20.00', actual: '21.00' } },
      })
      // Several rates give several lines; they must add up to the totals (an issue until they do).
      await label(staff, document.id, 'tax_breakdown', '[{"basis":"100.00","rate":"20","tax":"20.00"},{"basis":"50.00","rate":"10","tax":"5.00"}]')
      await label(staff, document.id, 'total_net', '150.00')
      await label(staff, document.id, 'total_tax', '26.00')
      const issues = (await fieldsOf(staff, document.id)).issues
      expect(issues).toContainEqual(expect.objectContaining({ field: 'total_tax', key: 'validation:totalsMismatch', params: expect.objectContaining({ sum: '25.00', total: '26.00' }) }))
    })

    it('refuses a stale save with 409 documents:staleVersion and keeps the value saved first', async () => {
      const document = await newDocument(staff, 1001)
      const seen = (await fieldsOf(staff, document.id)).document.version
      await label(staff, document.id, 'invoice_number', 'FIRST-SAVE', seen)
      const stale = await failure(label(staff, document.id, 'invoice_number', 'SECOND-SAVE', seen))
      expect(stale).toMatchObject({ name: 'Conflict', code: 409, data: { key: 'documents:staleVersion', params: { id: document.id, seen, current: seen + 1 } } })
      expect((await fieldsOf(staff, document.id)).document.invoice_number).toBe('FIRST-SAVE')
      // Confirm, trash and restore refuse a stale version alike, and change nothing.
      const staleKey = { code: 409, data: { key: 'documents:staleVersion' } }
      expect(await failure(staff.client.service('document-confirmations').create({ document_id: document.id, version: seen }))).toMatchObject(staleKey)
      expect(await failure(staff.client.service('document-trash').create({ document_id: document.id, version: seen }))).toMatchObject(staleKey)
      const trashed = await staff.client.service('document-trash').create({ document_id: document.id, version: seen + 1 })
      expect(await failure(staff.client.service('document-trash').patch(document.id, { restore: true, version: seen + 1 }))).toMatchObject(staleKey)
      expect((await staff.client.service('document-trash').patch(document.id, { restore: true, version: trashed.version })).deleted_at).toBeNull()
    })
  })

  describe('confirmation', () => {
    it('moves ER_U to ER with every checked value a Human_Confirmation, drops the ER_U badge live, and keeps it correctable by app', async () => {
      // Above € 400 (no small-amount invoice): the invoice number is required.
      const document = await newDocument(staff, 1004, '1.240,00')
      expect(await failure(staff.client.service('document-confirmations').create({ document_id: document.id, version: document.version }))).toMatchObject({
        code: 422,
        data: { key: 'documents:notConfirmable', params: { issues: expect.arrayContaining([expect.objectContaining({ field: 'invoice_number', key: 'validation:required' })]) } },
      })
      const version = await complete(document.id)
      const before = (await staff.client.service('aggregator').find({ query: erU(1004) })).total
      const badge = nextEvent<DocumentRecord>(staff.client as never, 'aggregator', 'patched', 5000)
      const confirmed = await staff.client.service('document-confirmations').create({ document_id: document.id, version })
      expect(confirmed.status & DocumentStatus.Confirmed).toBe(DocumentStatus.Confirmed)
      expect(confirmed.version).toBe(version + 1)
      expect(await badge).toMatchObject({ id: document.id, status: confirmed.status })
      expect((await staff.client.service('aggregator').find({ query: erU(1004) })).total).toBe(before - 1)
      expect((await staff.client.service('aggregator').find({ query: { client_no: 1004, type: 'ER', $select: ['id'] } })).data).toContainEqual({ id: document.id })
      const chosen: { field: string; source: number; confidence: number }[] = await server.knex('document_candidates').where({ document_id: document.id, chosen: true }).select('field', 'source', 'confidence')
      expect(chosen.length).toBeGreaterThan(5)
      // What was labelled or flagged for attention is confirmed; a machine's unflagged value keeps its source.
      for (const candidate of chosen) {
        const checked = candidate.source === DataSource.Human_Confirmation
        expect(checked || !needsAttention(candidate.field, Number(candidate.source), Number(candidate.confidence)), candidate.field).toBe(true)
      }
      expect(chosen.filter((candidate) => candidate.source === DataSource.Human_Confirmation).map((candidate) => candidate.field)).toEqual(
        expect.arrayContaining(['invoice_number', 'issue_date', 'total_gross', 'tax_breakdown']),
      )

      // Correctable until booked: the correction is a confirmation of that field and wins.
      const corrected = await label(staff, document.id, 'invoice_number', 'RV-CORRECTED', confirmed.version)
      expect(corrected.source).toBe(DataSource.Human_Confirmation)
      expect((await fieldsOf(staff, document.id)).document.invoice_number).toBe('RV-CORRECTED')
      const history = await staff.client.service('document-history').find({ query: { document_id: document.id } })
      expect(history.data[0]).toMatchObject({ action: 'label', field: 'invoice_number', old_value: `RV-${document.id}`, new_value: 'RV-CORRECTED', user_name: 'Stefan Bauer' })
      expect(history.data).toContainEqual(expect.objectContaining({ action: 'confirm', field: null, old_value: 'ER_U', new_value: 'ER' }))

      // Booked: read-only.
      await server.knex('documents').where({ id: document.id }).update({ status: DocumentStatus.Confirmed | DocumentStatus.Booked })
      const current = (await fieldsOf(staff, document.id)).document.version
      expect(await failure(label(staff, document.id, 'invoice_number', 'RV-LATE', current))).toMatchObject({ code: 409, data: { key: 'documents:bookedCannotChange' } })
      expect(await failure(staff.client.service('document-trash').create({ document_id: document.id, version: current }))).toMatchObject({
        code: 409,
        data: { key: 'documents:bookedCannotChange' },
      })
    })
  })

  describe('history', () => {
    it('records who changed what, from what to what, and refuses to rewrite an entry', async () => {
      const document = await newDocument(staff, 1005)
      await label(staff, document.id, 'due_date', '2026-04-30')
      const history = await staff.client.service('document-history').find({ query: { document_id: document.id } })
      expect(history.data[0]).toMatchObject({ action: 'label', field: 'due_date', old_value: null, new_value: '2026-04-30', source: DataSource.Human_Labeling, user_name: 'Stefan Bauer' })
      // The extraction's reading is there too, by the machines.
      expect(history.data).toContainEqual(expect.objectContaining({ action: 'extract', user_name: null, field: 'issue_date', new_value: '2026-03-12' }))
      await expect(server.knex('document_history').where({ document_id: document.id }).update({ new_value: 'forged' })).rejects.toThrow(/append-only/)
      await expect(server.knex('document_history').where({ document_id: document.id }).delete()).rejects.toThrow(/append-only/)
    })
  })

  describe('trash', () => {
    it('trashes, restores and purges (file, pages, candidates, search text; the history stays)', async () => {
      const document = await newDocument(staff, 1002)
      const trash = staff.client.service('document-trash')
      const trashed = await trash.create({ document_id: document.id, version: document.version })
      expect(trashed.deleted_at).not.toBeNull()
      expect(await failure(trash.create({ document_id: document.id, version: trashed.version }))).toMatchObject({ code: 409, data: { key: 'documents:alreadyInTrash' } })
      expect((await staff.client.service('aggregator').find({ query: { client_no: 1002, type: 'Trash', $select: ['id'] } })).data).toContainEqual({ id: document.id })
      const restored = await trash.patch(document.id, { restore: true, version: trashed.version })
      expect(restored.deleted_at).toBeNull()
      expect(await failure(trash.remove(document.id))).toMatchObject({ code: 409, data: { key: 'documents:notInTrash' } })

      const again = await trash.create({ document_id: document.id, version: restored.version })
      const sha256 = String((await server.knex('documents').where({ id: document.id }).first('sha256')).sha256).trim()
      const purged = await trash.remove(document.id)
      expect(purged.id).toBe(document.id)
      expect(again.version).toBe(restored.version + 1)
      expect(await server.knex('documents').where({ id: document.id }).first()).toBeUndefined()
      expect(await server.knex('document_pages').where({ document_id: document.id }).first()).toBeUndefined()
      expect(await server.knex('document_candidates').where({ document_id: document.id }).first()).toBeUndefined()
      const file = await fetch(`${server.url}/api/documents/${document.id}/file`, { headers: { authorization: `Bearer ${staff.token}` } })
      expect(file.status).toBe(403)
      expect(await server.server.app.get('knex')('documents').where({ sha256 }).first()).toBeUndefined()
      const history = await staff.client.service('document-history').find({ query: { document_id: document.id } })
      expect(history.data.slice(0, 4).map((entry) => entry.action)).toEqual(['purge', 'trash', 'restore', 'trash'])
      // The client (1002, app) reads it too; a purged document's history stays with its company.
      expect((await client.client.service('document-history').find({ query: { document_id: document.id } })).total).toBe(history.total)
    })

    it('purges a trashed document 30 days after its deletion, not 29', async () => {
      const document = await newDocument(staff, 1001)
      const trashed = await staff.client.service('document-trash').create({ document_id: document.id, version: document.version })
      const deletedAt = new Date(trashed.deleted_at!)
      const app = server.server.app
      expect(await purgeExpiredTrash({ app, now: () => new Date(deletedAt.getTime() + 29 * DAY_MS) })).not.toContain(document.id)
      expect(await server.knex('documents').where({ id: document.id }).first('id')).toBeDefined()
      expect(await purgeExpiredTrash({ app, now: () => new Date(deletedAt.getTime() + 30 * DAY_MS) })).toContain(document.id)
      expect(await server.knex('documents').where({ id: document.id }).first('id')).toBeUndefined()
      const history = await staff.client.service('document-history').find({ query: { document_id: document.id } })
      expect(history.data[0]).toMatchObject({ action: 'purge', user_name: null })
    })
  })

  describe('presence', () => {
    it('tells who has a document open, warns before two people edit it, and ends on close', async () => {
      const document = await newDocument(staff, 1002)
      const presence = { staff: staff.client.service('document-presence'), client: client.client.service('document-presence') }
      const seen = nextEvent<DocumentPresenceAnswer>(client.client as never, 'document-presence', 'created', 5000)
      const mine = await presence.staff.create({ document_id: document.id, editing: true })
      expect(mine).toMatchObject({ document_id: document.id, company_no: 1002, name: 'Stefan Bauer', editing: true, others: [], warning: null })
      expect(await seen).toMatchObject({ document_id: document.id, name: 'Stefan Bauer' })
      const theirs = await presence.client.create({ document_id: document.id, editing: true })
      expect(theirs.others).toEqual([expect.objectContaining({ name: 'Stefan Bauer', editing: true })])
      expect(theirs.warning).toEqual({ key: 'documents:editedByOther', params: { name: 'Stefan Bauer' } })
      expect((await presence.client.find({ query: { document_id: document.id } })).map((entry) => entry.name).sort()).toEqual(['Clara Steiner', 'Stefan Bauer'])

      const left = nextEvent<DocumentPresence>(client.client as never, 'document-presence', 'removed', 5000)
      expect(await presence.staff.remove(document.id)).toMatchObject({ name: 'Stefan Bauer' })
      expect(await left).toMatchObject({ document_id: document.id, name: 'Stefan Bauer' })

      // A socket that closes ends its presences.
      const leaving = await signInSession(server.url, 'staff@demo.portal')
      await leaving.client.service('document-presence').create({ document_id: document.id })
      const closed = nextEvent<DocumentPresence>(client.client as never, 'document-presence', 'removed', 5000)
      leaving.client.close()
      expect(await closed).toMatchObject({ document_id: document.id, name: 'Stefan Bauer' })
      expect((await presence.client.find({ query: { document_id: document.id } })).map((entry) => entry.name)).toEqual(['Clara Steiner'])
    })
  })
})
