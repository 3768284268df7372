import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPortalClient, type PortalClient } from '../../packages/sdk/src/client/index'
import { DataSource } from '../../packages/sdk/src/domain/index'
import { DOCUMENT_FIELD_ORDER, type DocumentRecord, type UploadResponse } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, type UserSession } from '../support/session'

const CORPUS = join(import.meta.dirname, '../fixtures/corpora')
const INVOICE_PDF = join(CORPUS, 'zugferd_corpus/docs/XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')

/** The document once its extraction has finished (done or failed). */
async function settled(client: PortalClient, id: number): Promise<DocumentRecord> {
  for (;;) {
    const record = await client.service('documents').get(id)
    if (record.processing_state === 'done' || record.processing_state === 'failed') return record
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('document-fields: a document with its pages and every candidate per field', () => {
  let server: TestServer
  let staff: UserSession
  let clientUser: UserSession
  let documentId: number
  let companyNo: number

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    clientUser = await signInSession(server.url, 'client@demo.portal')
    // A company of staff's that the client user cannot see, so the refusal test has a foreign document.
    companyNo = staff.companies.find((no) => !clientUser.companies.includes(no))!
    const response = await uploadFiles(server.url, staff.token, companyNo, [{ name: 'teilrechnung.pdf', bytes: await readFile(INVOICE_PDF) }])
    const body = (await response.json()) as UploadResponse
    documentId = body.results[0].documentId!
    // Events are the documents test's subject; here polling keeps this test about the fields only.
    expect((await settled(staff.client, documentId)).processing_state).toBe('done')
  })
  afterAll(async () => {
    staff?.client.close()
    clientUser?.client.close()
    await server?.close()
  })

  it('answers the document, its page sizes and the current value of each field with its source', async () => {
    const answer = await staff.client.service('document-fields').get(documentId)
    expect(answer.document).toMatchObject({ id: documentId, company_no: companyNo, file_name: 'teilrechnung.pdf', pages: 3 })
    expect(answer.pages.map((p) => p.page)).toEqual([1, 2, 3])
    // A4 in PDF points.
    expect(answer.pages[0].width).toBeCloseTo(595, 0)
    expect(answer.pages[0].height).toBeCloseTo(842, 0)

    const invoiceNumber = answer.fields.find((f) => f.field === 'invoice_number')!
    expect(invoiceNumber.current).toMatchObject({ value: '471102', source: DataSource.E_Invoice_XML })
    expect(answer.fields.find((f) => f.field === 'total_gross')!.current?.value).toBe('197.65')
    // The chosen candidate comes first; every candidate says where it came from.
    expect(invoiceNumber.candidates[0].chosen).toBe(true)
    for (const field of answer.fields) {
      for (const c of field.candidates) {
        expect(typeof c.source).toBe('number')
        expect(c.confidence).toBeGreaterThanOrEqual(0)
        expect(c.confidence).toBeLessThanOrEqual(1)
      }
    }
  })

  it('keeps candidates found on the page with their box, not only the chosen XML value', async () => {
    const answer = await staff.client.service('document-fields').get(documentId)
    const onPage = answer.fields.flatMap((f) => f.candidates).filter((c) => c.box !== null)
    expect(onPage.length).toBeGreaterThan(0)
    for (const c of onPage) {
      expect(c.page).toBeGreaterThanOrEqual(1)
      expect(c.box!.x).toBeGreaterThanOrEqual(0)
      expect(c.box!.y).toBeGreaterThanOrEqual(0)
      expect(c.box!.x + c.box!.width).toBeLessThanOrEqual(answer.pages[c.page! - 1].width + 1)
    }
  })

  it('lists every known field in the documented order, found or not', async () => {
    const answer = await staff.client.service('document-fields').get(documentId)
    const names = answer.fields.map((f) => f.field)
    expect(names.slice(0, DOCUMENT_FIELD_ORDER.length)).toEqual([...DOCUMENT_FIELD_ORDER])
  })

  it('refuses without a session, a foreign document and a missing one alike', async () => {
    const anonymous = createPortalClient({ url: server.url })
    try {
      await expect(anonymous.service('document-fields').get(documentId)).rejects.toMatchObject({ code: 401 })
    } finally {
      anonymous.close()
    }
    const foreign = await clientUser.client.service('document-fields').get(documentId).catch((error: unknown) => error)
    const missing = await clientUser.client.service('document-fields').get(99_999_999).catch((error: unknown) => error)
    expect(foreign).toMatchObject({ code: 403 })
    expect(missing).toMatchObject({ code: 403 })
    // Same answer for both, so a refusal never reveals that the document exists.
    expect((foreign as { data: unknown }).data).toEqual((missing as { data: unknown }).data)
    expect((foreign as { message: string }).message).toBe((missing as { message: string }).message)
  })

  it('refuses a malformed id as BadRequest naming the field', async () => {
    await expect(staff.client.service('document-fields').get('abc')).rejects.toMatchObject({ code: 400 })
  })
})
