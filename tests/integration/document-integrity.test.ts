import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataSource, DocumentStatus } from '../../packages/sdk/src/domain/index'
import type { DocumentRecord } from '../../packages/sdk/src/services/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, uploadResults, type UserSession } from '../support/session'

// Two data-integrity rules every document write must keep: what people entered survives machine re-runs
// (the row and the candidates agree), and a booked document accepts no change at all (BAO §131/§132).
describe('document integrity: people win over machines, booked documents stay unaltered', () => {
  let server: TestServer
  let staff: UserSession
  let companyNo: number

  /** Resolves with the document once the pipeline has finished it (done or failed) for the `times`-th time. */
  function settled(id: number, times = 1): Promise<DocumentRecord> {
    let seen = 0
    return new Promise((resolve) => {
      const handler = (record: DocumentRecord) => {
        if (record.id !== id || (record.processing_state !== 'done' && record.processing_state !== 'failed')) return
        seen += 1
        if (seen < times) return
        staff.client.service('documents').removeListener('patched', handler)
        resolve(record)
      }
      staff.client.service('documents').on('patched', handler)
    })
  }

  async function uploadAndWait(reference: string, gross: string, name: string): Promise<DocumentRecord> {
    const bytes = await supplierInvoicePdf(reference, gross)
    const done = new Promise<DocumentRecord>((resolve) => {
      const handler = (record: DocumentRecord) => {
        if (record.file_name === name && record.processing_state === 'done') {
          staff.client.service('documents').removeListener('patched', handler)
          resolve(record)
        }
      }
      staff.client.service('documents').on('patched', handler)
    })
    const [result] = await uploadResults(await uploadFiles(server.url, staff.token, companyNo, [{ name, bytes }], 'er_u'))
    expect(result.status).toBe('uploaded')
    return done
  }

  /** Runs the document's extraction once more, as Retry or a re-queued job does. */
  async function rerunExtraction(id: number): Promise<void> {
    const row = await server.knex('documents').where({ id }).first('job_id')
    await server.knex('jobs').where({ id: row.job_id }).update({ state: 'failed', finished_at: server.knex.fn.now() })
    await server.knex('documents').where({ id }).update({ processing_state: 'failed', processing_error: 'test: forced' })
    await staff.client.service('documents').patch(id, { retry: true })
  }

  async function chosenCandidates(id: number, field: string): Promise<{ value: string; source: number }[]> {
    return server.knex('document_candidates').where({ document_id: id, field, chosen: true }).select('value', 'source')
  }

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    companyNo = staff.companies[0]
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
  })

  it("keeps a person's label as the current value when the extraction runs again, row and candidates alike", async () => {
    const document = await uploadAndWait('ZB-2026-0042', '240,00', 'zirbe-rerun.pdf')
    // The rules do not know the label "Vorgang", so the machine's number is not the person's.
    expect(document.invoice_number).not.toBe('ZB-2026-0042')
    await staff.client.service('document-labels').create({ document_id: document.id, field: 'invoice_number', value: 'ZB-2026-0042' })
    // A correction the page does not support (the person knows better) and a field the page lacks.
    await staff.client.service('document-labels').create({ document_id: document.id, field: 'total_gross', value: '250.00' })
    await staff.client.service('document-labels').create({ document_id: document.id, field: 'due_date', value: '2026-04-11' })

    const again = settled(document.id)
    await rerunExtraction(document.id)
    const rerun = await again
    expect(rerun.processing_state).toBe('done')

    const shown = await staff.client.service('documents').get(document.id)
    expect(shown.invoice_number).toBe('ZB-2026-0042')
    expect(shown.total_gross).toBe('250.00')
    const row = await server.knex('documents').where({ id: document.id }).first()
    expect(String(row.total_gross)).toBe('250.00')
    expect(row.due_date).not.toBeNull()
    // Exactly one current candidate per field, and it is the person's.
    expect(await chosenCandidates(document.id, 'invoice_number')).toEqual([{ value: 'ZB-2026-0042', source: DataSource.Human_Labeling }])
    expect(await chosenCandidates(document.id, 'total_gross')).toEqual([{ value: '250.00', source: DataSource.Human_Labeling }])
    expect(await chosenCandidates(document.id, 'due_date')).toEqual([{ value: '2026-04-11', source: DataSource.Human_Labeling }])
    // The fields view (what the screen shows) agrees with the row.
    const fields = await staff.client.service('document-fields').get(document.id)
    const invoiceNumber = fields.fields.find((f) => f.field === 'invoice_number')
    expect(invoiceNumber?.current).toMatchObject({ value: 'ZB-2026-0042', source: DataSource.Human_Labeling })
  })

  it('refuses every change to a booked document with documents:bookedCannotChange, changing nothing', async () => {
    const document = await uploadAndWait('ZB-2026-0043', '120,00', 'zirbe-booked.pdf')
    // Booking is a later capability; the flag is what every write path must respect.
    await server.knex('documents').where({ id: document.id }).update({ status: DocumentStatus.Confirmed | DocumentStatus.Booked })
    const before = await server.knex('documents').where({ id: document.id }).first()
    const candidatesBefore = await server.knex('document_candidates').where({ document_id: document.id }).count({ n: '*' })

    const refused = { code: 409, data: { key: 'documents:bookedCannotChange', params: { id: document.id } } }
    await expect(
      staff.client.service('document-labels').create({ document_id: document.id, field: 'invoice_number', value: 'CHANGED-1' }),
    ).rejects.toMatchObject(refused)
    await expect(staff.client.service('documents').remove(document.id)).rejects.toMatchObject(refused)

    // A re-run of the machines must not touch it either: the job ends without writing.
    const row = await server.knex('documents').where({ id: document.id }).first('job_id')
    await server.knex('jobs').where({ id: row.job_id }).update({ state: 'failed' })
    await server.knex('documents').where({ id: document.id }).update({ processing_state: 'failed' })
    await expect(staff.client.service('documents').patch(document.id, { retry: true })).rejects.toMatchObject(refused)

    const after = await server.knex('documents').where({ id: document.id }).first()
    expect(after.invoice_number).toBe(before.invoice_number)
    expect(after.deleted_at).toBeNull()
    expect(after.status).toBe(DocumentStatus.Confirmed | DocumentStatus.Booked)
    expect(await server.knex('document_candidates').where({ document_id: document.id }).count({ n: '*' })).toEqual(candidatesBefore)
  })
})
