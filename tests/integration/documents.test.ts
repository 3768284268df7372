import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentRecord, UploadResponse } from '../../packages/sdk/src/services/index'
import { createPortalClient } from '../../packages/sdk/src/client/index'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, type UserSession } from '../support/session'

const CORPUS = join(import.meta.dirname, '../fixtures/corpora')
const INVOICE_PDF = join(CORPUS, 'zugferd_corpus/docs/XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')

describe('documents: intake, pipeline, events', () => {
  let server: TestServer
  let staff: UserSession
  let clientUser: UserSession
  let pdf: Uint8Array

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    clientUser = await signInSession(server.url, 'client@demo.portal')
    pdf = await readFile(INVOICE_PDF)
  })
  afterAll(async () => {
    staff?.client.close()
    clientUser?.client.close()
    await server?.close()
  })

  it('uploads a PDF, processes it live and reads the invoice exactly from its XML', async () => {
    const companyNo = staff.companies[0]
    const finished = new Promise<DocumentRecord>((resolve) => {
      staff.client.service('documents').on('patched', (record: DocumentRecord) => {
        if (record.processing_state === 'done') resolve(record)
      })
    })
    const response = await uploadFiles(server.url, staff.token, companyNo, [{ name: 'teilrechnung.pdf', bytes: pdf }])
    expect(response.status).toBe(200)
    const body = (await response.json()) as UploadResponse
    expect(body.results).toHaveLength(1)
    expect(body.results[0]).toMatchObject({ file: 'teilrechnung.pdf', status: 'uploaded' })
    const id = body.results[0].documentId!

    const done = await finished
    expect(done.id).toBe(id)
    const record = await staff.client.service('documents').get(id)
    expect(record).toMatchObject({ invoice_number: '471102', invoice_date: '2018-06-05', total_gross: '197.65', currency: 'EUR', pages: 3, aggregated: true })
    expect(record).not.toHaveProperty('sha256')

    const badge = await staff.client.service('aggregator').find({ query: { client_no: companyNo, aggregated: true, type: 'ER_U', fullText: null, $select: ['id'] } })
    expect(badge.data.map((d) => d.id)).toContain(id)

    const file = await fetch(`${server.url}/api/documents/${id}/file`, { headers: { authorization: `Bearer ${staff.token}` } })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true)
  })

  it('finds the document by words on its pages, ranked, with the matched words marked', async () => {
    const companyNo = staff.companies[0]
    const result = await staff.client.service('document-search').find({ query: { client_no: companyNo, q: 'Lieferanten' } })
    expect(result.total).toBe(1)
    expect(result.data[0]).toMatchObject({ file_name: 'teilrechnung.pdf', invoice_number: '471102' })
    expect(result.data[0].rank).toBeGreaterThan(0)
    const hits = result.data[0].snippet.filter((part) => part.hit).map((part) => part.text.toLowerCase())
    expect(hits.some((text) => text.startsWith('lieferant'))).toBe(true)
    const none = await staff.client.service('document-search').find({ query: { client_no: companyNo, q: 'Zahnarztpraxis' } })
    expect(none.total).toBe(0)
    await expect(
      clientUser.client.service('document-search').find({ query: { client_no: companyNo, q: 'Lieferant' } }),
    ).rejects.toMatchObject({ code: 403 })
  })

  it('answers "Document already exists" for the same file again, naming the document', async () => {
    const companyNo = staff.companies[0]
    const response = await uploadFiles(server.url, staff.token, companyNo, [{ name: 'again.pdf', bytes: pdf }])
    const body = (await response.json()) as UploadResponse
    expect(body.results[0]).toMatchObject({ status: 'exists', error: { key: 'errors:document.alreadyExists', message: 'Document already exists' } })
    expect(body.results[0].documentId).toBeGreaterThan(0)
    const count = await server.knex('documents').where({ company_no: companyNo }).count({ n: '*' }).first()
    expect(Number(count?.n)).toBe(1)
  })

  it('refuses empty and unsupported files by name and reason, storing nothing', async () => {
    const companyNo = staff.companies[1]
    const response = await uploadFiles(server.url, staff.token, companyNo, [
      { name: 'empty.pdf', bytes: new Uint8Array() },
      { name: 'notes.txt', bytes: new TextEncoder().encode('just some text') },
      { name: 'broken.pdf', bytes: new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf') },
    ])
    const body = (await response.json()) as UploadResponse
    expect(body.results.map((r) => [r.file, r.status, r.error?.key])).toEqual([
      ['empty.pdf', 'refused', 'documents:refusal.empty'],
      ['notes.txt', 'refused', 'documents:refusal.unsupportedType'],
      ['broken.pdf', 'refused', 'documents:refusal.brokenPdf'],
    ])
    const count = await server.knex('documents').where({ company_no: companyNo }).count({ n: '*' }).first()
    expect(Number(count?.n)).toBe(0)
  })

  it('refuses uploads without a token and into a company the user does not have', async () => {
    const foreign = staff.companies.find((no) => !clientUser.companies.includes(no))!
    const anonymous = await uploadFiles(server.url, null, foreign, [{ name: 'x.pdf', bytes: pdf }])
    expect(anonymous.status).toBe(401)
    const forbidden = await uploadFiles(server.url, clientUser.token, foreign, [{ name: 'x.pdf', bytes: pdf }])
    expect(forbidden.status).toBe(403)
    const download = await fetch(`${server.url}/api/documents/1/file`, { headers: { authorization: `Bearer ${clientUser.token}` } })
    expect(download.status).toBe(403)
    await expect(clientUser.client.service('documents').get(1)).rejects.toMatchObject({ code: 403 })
  })

  it('lets only users of the company list, retry or trash its documents', async () => {
    const companyNo = staff.companies[0]
    const [doc] = await server.knex('documents').where({ company_no: companyNo }).orderBy('id').limit(1)
    const anonymous = createPortalClient({ url: server.url })
    await expect(anonymous.service('documents').find({ query: { client_no: companyNo } })).rejects.toMatchObject({ code: 401 })
    anonymous.close()
    await expect(clientUser.client.service('documents').find({ query: { client_no: companyNo } })).rejects.toMatchObject({ code: 403 })
    await expect(clientUser.client.service('documents').patch(doc.id, { retry: true })).rejects.toMatchObject({ code: 403 })
    await expect(clientUser.client.service('documents').remove(doc.id)).rejects.toMatchObject({ code: 403 })
    // Retry is only for failed documents; the refusal names why and changes nothing.
    await expect(staff.client.service('documents').patch(doc.id, { retry: true })).rejects.toMatchObject({ code: 400, data: { key: 'documents:retryNotFailed' } })
    expect((await server.knex('documents').where({ id: doc.id }).first()).deleted_at).toBeNull()
  })

  it('tells which files a company already has (resumable uploads)', async () => {
    const companyNo = staff.companies[0]
    const { createHash } = await import('node:crypto')
    const sha = createHash('sha256').update(pdf).digest('hex')
    const other = 'f'.repeat(64)
    const response = await fetch(`${server.url}/api/documents/hashes?client=${companyNo}&sha256=${sha},${other}`, {
      headers: { authorization: `Bearer ${staff.token}` },
    })
    const body = (await response.json()) as { existing: { sha256: string; documentId: number }[] }
    expect(body.existing.map((e) => e.sha256)).toEqual([sha])
  })
})
