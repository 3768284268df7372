import { createHash } from 'node:crypto'
import { PDFDocument } from 'pdf-lib'
import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CutReason } from '../../packages/sdk/src/domain/index'
import { scannerHttpPaths, type DocumentRecord, type EditorBatch, type UploadResponse } from '../../packages/sdk/src/services/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { testBatchPdf, testInvoices, type TestInvoice } from '../../packages/server/src/extraction/split/test-batches'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, uploadResults, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 17 on the server: a scan batch uploaded into the document editor is cut where each invoice begins; a clerk
// moves, cuts, merges, adds, rotates, deletes and renames, undoes, and completes the parts into documents that are
// read by the extraction, with the original kept and linked. Two clerks see each other's edits; a completion locks
// the batch. Driven over real sockets as staff and the admin (both with ded) and the client (no ded). Runs on
// PGlite and, with DATABASE_URL, on PostgreSQL.

const COMPANY = 1004

describe('document editor: cuts, edits, undo, completion and its errors', () => {
  let server: TestServer
  let staff: UserSession
  let admin: UserSession
  let client: UserSession
  let counter = 0

  /** Uploads a batch into the editor and resolves with its document once the pipeline has read its pages. */
  async function uploadBatch(bytes: Uint8Array, companyNo = COMPANY): Promise<DocumentRecord> {
    const name = `stapel-${++counter}.pdf`
    const documents = staff.client.service('documents')
    const read = new Promise<DocumentRecord>((resolve) => {
      const handler = (record: DocumentRecord) => {
        if (record.file_name === name && record.processing_state === 'done') {
          documents.removeListener('patched', handler)
          resolve(record)
        }
      }
      documents.on('patched', handler)
    })
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${server.url}/api/documents/upload?client=${companyNo}&editor=1`, { method: 'POST', body: form, headers: { authorization: `Bearer ${staff.token}` } })
    const [result] = ((await response.json()) as UploadResponse).results
    expect(result.status).toBe('uploaded')
    return read
  }

  const editor = (user: UserSession) => user.client.service('document-editor')
  const waiting = async () => (await staff.client.service('editor-document').find({ query: { client_no: COMPANY, is_processed_documents_accumulator: null, $select: ['id'] } })).total
  const waitingIds = async () => (await staff.client.service('editor-document').find({ query: { client_no: COMPANY, is_processed_documents_accumulator: null, $select: ['id'] } })).data.map((row) => row.id)
  const pageNos = (batch: EditorBatch) => batch.parts.map((part) => part.pages.map((page) => page.page))

  /** Resolves with each document once the extraction has read it. */
  function readDocuments(count: number): Promise<DocumentRecord[]> {
    const done = new Map<number, DocumentRecord>()
    return new Promise((resolve) => {
      const handler = (record: DocumentRecord) => {
        if (record.company_no !== COMPANY || record.processing_state !== 'done' || !record.file_name.startsWith('RE-')) return
        done.set(record.id, record)
        if (done.size === count) {
          staff.client.service('documents').removeListener('patched', handler)
          resolve([...done.values()])
        }
      }
      staff.client.service('documents').on('patched', handler)
    })
  }

  let invoices: TestInvoice[]
  let batch: EditorBatch

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    admin = await signInSession(server.url, 'admin@demo.portal')
    client = await signInSession(server.url, 'client@demo.portal')
    invoices = testInvoices(3, 3)
  })
  afterAll(async () => {
    for (const user of [staff, admin, client]) user?.client.close()
    await server?.close()
  })

  it('suggests a cut where each invoice begins, each with its reasons, and names the parts by invoice number', async () => {
    const before = await waiting()
    const document = await uploadBatch(await testBatchPdf(invoices))
    expect(await waiting()).toBe(before + 1)
    batch = await editor(staff).get(document.id)
    expect(pageNos(batch)).toEqual([[1], [2, 3], [4]])
    expect(batch.parts.map((part) => part.name)).toEqual(invoices.map((invoice) => invoice.number))
    expect(batch.parts[0].reasons).toEqual([])
    expect(batch.parts[1].reasons).toEqual(expect.arrayContaining([CutReason.pageCounter, CutReason.invoiceNumber, CutReason.supplier]))
    expect(batch.parts[2].reasons).toEqual(expect.arrayContaining([CutReason.invoiceNumber, CutReason.supplier]))
    expect(batch).toMatchObject({ reading: false, undoable: 0, locked_by: null, set_aside: [], completed: [], processed: false })
  })

  it('moves a page, cuts, merges, rotates, sets aside and renames, live to a second clerk, and undoes each', async () => {
    const seen: EditorBatch[] = []
    editor(admin).on('patched', (record: EditorBatch) => seen.push(record))
    const [p1, p2, p3] = batch.parts
    // Move the last page into the second part, before its first page.
    let after = await editor(staff).patch(batch.id, { action: 'move', version: batch.version, pages: [p3.pages[0].id], to_part: p2.id, index: 0 })
    expect(pageNos(after)).toEqual([[1], [4, 2, 3]])
    // The other clerk saw it.
    await expect.poll(() => seen.at(-1)?.version).toBe(after.version)
    expect(pageNos(seen.at(-1) as EditorBatch)).toEqual([[1], [4, 2, 3]])
    after = await editor(staff).patch(batch.id, { action: 'cut', page: `${batch.id}-2` })
    expect(pageNos(after)).toEqual([[1], [4], [2, 3]])
    after = await editor(staff).patch(batch.id, { action: 'merge', parts: [after.parts[0].id, after.parts[1].id] })
    expect(pageNos(after)).toEqual([[1, 4], [2, 3]])
    after = await editor(staff).patch(batch.id, { action: 'rotate', pages: [`${batch.id}-1`], degrees: 90 })
    expect(after.parts[0].pages[0].rotation).toBe(90)
    after = await editor(staff).patch(batch.id, { action: 'deletePage', pages: [`${batch.id}-3`] })
    expect(after.set_aside.map((page) => page.page)).toEqual([3])
    after = await editor(staff).patch(batch.id, { action: 'renameDocument', part: p1.id, name: '  Berger März  ' })
    expect(after.parts[0].name).toBe('Berger März')
    expect(after.undoable).toBe(6)
    // Undo walks back every step, to the suggestion.
    for (let step = 0; step < 6; step += 1) after = await editor(staff).patch(batch.id, { action: 'undo' })
    expect(pageNos(after)).toEqual([[1], [2, 3], [4]])
    expect(after.parts.map((part) => part.name)).toEqual(batch.parts.map((part) => part.name))
    expect(after.set_aside).toEqual([])
    expect(await failure(editor(staff).patch(batch.id, { action: 'undo' }))).toMatchObject({ code: 409, data: { key: 'editor:errors.nothingToUndo' } })
    batch = after
    editor(admin).removeAllListeners('patched')
  })

  it('refuses a bad edit with the rule it breaks and changes nothing', async () => {
    const nameless = await failure(editor(staff).patch(batch.id, { action: 'renameDocument', part: batch.parts[0].id, name: '   ' }))
    expect(nameless).toMatchObject({ code: 400, data: { key: 'editor:errors.nameRequired' } })
    const lost = await failure(editor(staff).patch(batch.id, { action: 'move', pages: ['999999-1'], to_part: batch.parts[0].id, index: 0 }))
    expect(lost).toMatchObject({ code: 400, data: { key: 'editor:errors.pageNotFound', params: { page: '999999-1' } } })
    const stale = await failure(editor(staff).patch(batch.id, { action: 'cut', page: `${batch.id}-3`, version: batch.version + 1000 }))
    expect(stale).toMatchObject({ code: 409, data: { key: 'editor:errors.staleVersion' } })
    expect(await editor(staff).get(batch.id)).toMatchObject({ version: batch.version, parts: batch.parts })
  })

  it("adds pages from another batch and merges a batch; 'Document merge failed!' names what failed", async () => {
    const other = await uploadBatch(await testBatchPdf(testInvoices(2, 5)))
    const third = await uploadBatch(await testBatchPdf(testInvoices(1, 7)))
    const before = await waiting()
    let after = await editor(staff).patch(batch.id, { action: 'addPages', document_id: other.id, pages: [`${other.id}-2`] })
    expect(after.parts.at(-1)?.pages.map((page) => page.id)).toEqual([`${other.id}-2`])
    expect(pageNos(await editor(staff).get(other.id))).toEqual([[1], [3]])
    after = await editor(staff).patch(batch.id, { action: 'merge', document_id: third.id })
    expect(after.parts.at(-1)?.pages.map((page) => page.id)).toEqual([`${third.id}-1`])
    // The merged batch has no pages left: it waits no longer (the badge drops).
    expect(await editor(staff).get(third.id)).toMatchObject({ parts: [], processed: true })
    expect(await waiting()).toBe(before - 1)
    const again = await failure(editor(staff).patch(batch.id, { action: 'merge', document_id: third.id }))
    expect(again).toMatchObject({ code: 409, message: expect.stringContaining('Document merge failed!'), data: { key: 'editor:errors.mergeFailed.processed', params: { source: third.id } } })
    // An ordinary upload (not into the editor) is no batch to merge.
    const [plain] = await uploadResults(await uploadFiles(server.url, staff.token, COMPANY, [{ name: 'plain.pdf', bytes: await supplierInvoicePdf('PL-1', '10,00') }]))
    const notEditor = await failure(editor(staff).patch(batch.id, { action: 'merge', document_id: plain.status === 'uploaded' ? plain.documentId : 0 }))
    expect(notEditor).toMatchObject({ code: 409, data: { key: 'editor:errors.mergeFailed.notInEditor' } })
    // Undo of the merge brings the third batch back with its page, waiting again.
    await editor(staff).patch(batch.id, { action: 'undo' })
    expect(pageNos(await editor(staff).get(third.id))).toEqual([[1]])
    expect(await waiting()).toBe(before)
    batch = await editor(staff).patch(batch.id, { action: 'undo' })
    expect(pageNos(batch)).toEqual([[1], [2, 3], [4]])
  })

  it("refuses completion without client, group or parts ('Document Creation Failed') and while another clerk completes", async () => {
    const parts = batch.parts.map((part) => part.id)
    expect(await failure(editor(staff).patch(batch.id, { action: 'completeDocument', parts, document_group: 'ER' }))).toMatchObject({ code: 422, data: { key: 'editor:errors.creationFailed.client' } })
    expect(await failure(editor(staff).patch(batch.id, { action: 'completeDocument', parts, client_no: COMPANY }))).toMatchObject({ code: 422, data: { key: 'editor:errors.creationFailed.group' } })
    expect(await failure(editor(staff).patch(batch.id, { action: 'completeDocument', parts: [], client_no: COMPANY, document_group: 'ER' }))).toMatchObject({ code: 422, data: { key: 'editor:errors.creationFailed.pages' } })
    // A foreign company is refused by the policy.
    expect(await failure(editor(staff).patch(batch.id, { action: 'completeDocument', parts, client_no: 1006, document_group: 'ER' }))).toMatchObject({ code: 403 })
    // The admin is completing it (the lock as a completion sets it): the staff's edits wait.
    const adminId = (await server.knex('users').where({ email: 'admin@demo.portal' }).first('id')).id
    await server.knex('editor_batches').where({ document_id: batch.id }).update({ locked_by: adminId, locked_at: new Date() })
    expect((await editor(staff).get(batch.id)).locked_by).toBe('Anna Huber')
    expect(await failure(editor(staff).patch(batch.id, { action: 'cut', page: `${batch.id}-3` }))).toMatchObject({ code: 409, data: { key: 'editor:errors.locked', params: { name: 'Anna Huber' } } })
    expect(await failure(editor(staff).patch(batch.id, { action: 'completeDocument', parts, client_no: COMPANY, document_group: 'ER' }))).toMatchObject({ code: 409, data: { key: 'editor:errors.locked' } })
    await server.knex('editor_batches').where({ document_id: batch.id }).update({ locked_by: null, locked_at: null })
    expect(await editor(staff).get(batch.id)).toMatchObject({ parts: batch.parts, locked_by: null, completed: [] })
  })

  it('completes each part into an extracted ER document linked to the original, which stays unchanged', async () => {
    const original = await server.knex('documents').where({ id: batch.id }).first('sha256', 'pages')
    const before = await waiting()
    const read = readDocuments(3)
    const after = await editor(staff).patch(batch.id, { action: 'completeDocument', parts: batch.parts.map((part) => part.id), client_no: COMPANY, document_group: 'ER' })
    expect(after).toMatchObject({ parts: [], processed: true, locked_by: null, undoable: 0 })
    expect(after.completed.map((part) => [part.name, part.pages])).toEqual(invoices.map((invoice) => [invoice.number, invoice.pages]))
    const documents = await read
    for (const invoice of invoices) {
      const document = documents.find((record) => record.file_name === `${invoice.number}.pdf`)
      expect(document).toMatchObject({ document_type: 'ER', invoice_number: invoice.number, total_gross: invoice.grossDecimal, pages: invoice.pages })
    }
    const rows = await server.knex('documents').whereIn('id', after.completed.map((part) => part.document_id)).select('editor_original_id', 'in_editor')
    expect(rows).toEqual(rows.map(() => ({ editor_original_id: batch.id, in_editor: false })))
    // The original upload is kept as it was: same content, same pages, and its file still downloads.
    const kept = await server.knex('documents').where({ id: batch.id }).first('sha256', 'pages', 'deleted_at')
    expect(kept).toMatchObject({ ...original, deleted_at: null })
    const download = await fetch(`${server.url}/api/documents/${batch.id}/download`, { headers: { authorization: `Bearer ${staff.token}` } })
    if (download.ok) expect(createHash('sha256').update(new Uint8Array(await download.arrayBuffer())).digest('hex')).toBe(String(original.sha256).trim())
    expect(await waiting()).toBe(before - 1)
    // Nothing left to undo after a completion.
    expect(await failure(editor(staff).patch(batch.id, { action: 'undo' }))).toMatchObject({ code: 409, data: { key: 'editor:errors.nothingToUndo' } })
  })

  it('refuses a part equal to an existing document with the duplicate-document error and creates nothing', async () => {
    // The same first invoice again, in a batch with another invoice after it.
    const again = await uploadBatch(await testBatchPdf([invoices[0], testInvoices(1, 9)[0]]))
    const next = await editor(staff).get(again.id)
    expect(next.parts).toHaveLength(2)
    const count = async () => Number((await server.knex('documents').where({ company_no: COMPANY }).count({ n: '*' }).first())?.n)
    const documents = await count()
    const duplicate = await failure(editor(staff).patch(again.id, { action: 'completeDocument', parts: next.parts.map((part) => part.id), client_no: COMPANY, document_group: 'ER' }))
    expect(duplicate).toMatchObject({ code: 409, data: { key: 'editor:errors.duplicate', params: { part: invoices[0].number } } })
    expect(await count()).toBe(documents)
    expect(await editor(staff).get(again.id)).toMatchObject({ parts: next.parts, completed: [], locked_by: null })
  })

  it('draws page thumbnails as narrow as asked, and refuses a width out of range naming it', async () => {
    const url = (width: string) => `${server.url}/api/documents/${batch.id}/pages/2?width=${width}`
    const response = await fetch(url('150'), { headers: { authorization: `Bearer ${staff.token}` } })
    expect(response.status).toBe(200)
    const png = new DataView(await response.arrayBuffer())
    // PNG IHDR: the width at byte 16.
    expect(png.getUint32(16)).toBeLessThanOrEqual(150)
    expect(png.getUint32(16)).toBeGreaterThan(100)
    const tiny = await fetch(url('10'), { headers: { authorization: `Bearer ${staff.token}` } })
    expect(tiny.status).toBe(400)
    expect(await tiny.json()).toMatchObject({ data: { key: 'errors:query.minimum', params: { field: 'width' } } })
  })

  it('takes a scanner batch posted with ?editor=1 into the editor, cut like any batch', async () => {
    const { token } = await admin.client.service('scanner-registrations').create({ location: 'Empfang', company_no: COMPANY, users: ['staff@demo.portal'] })
    const name = 'scanner-stapel.pdf'
    const read = new Promise<DocumentRecord>((resolve) => {
      staff.client.service('documents').on('patched', (record: DocumentRecord) => {
        if (record.file_name === name && record.processing_state === 'done') resolve(record)
      })
    })
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(await testBatchPdf(testInvoices(2, 13)))]), name)
    const response = await fetch(`${server.url}${scannerHttpPaths.upload}?editor=1`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
    const [result] = ((await response.json()) as UploadResponse).results
    expect(result.status).toBe('uploaded')
    const document = await read
    expect(await waitingIds()).toContain(document.id)
    expect(pageNos(await editor(staff).get(document.id))).toEqual([[1], [2, 3]])
  })

  it('sets a separator sheet carrying only a QR code "PATCH-T" aside and cuts after it, read by the server from the page raster', async () => {
    // The same invoice twice: only the sheet between them tells where the second begins.
    const same = { ...testInvoices(1, 14)[0], pages: 1 as const }
    const pdf = await PDFDocument.load(await testBatchPdf([same, same]))
    const qr = await pdf.embedPng(await QRCode.toBuffer('PATCH-T', { type: 'png', width: 300 }))
    pdf.insertPage(1, [595, 842]).drawImage(qr, { x: 150, y: 300, width: 200, height: 200 })
    const document = await uploadBatch(await pdf.save())
    const cut = await editor(staff).get(document.id)
    expect(pageNos(cut)).toEqual([[1], [3]])
    expect(cut.set_aside.map((page) => page.page)).toEqual([2])
    expect(cut.parts[1].reasons).toEqual([CutReason.separator])
  })

  it('has no editor for a user without ded: the upload into it and every call are refused', async () => {
    expect(await failure(editor(client).get(batch.id))).toMatchObject({ code: 403 })
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(await testBatchPdf(testInvoices(1, 11)))]), 'client.pdf')
    const response = await fetch(`${server.url}/api/documents/upload?client=1002&editor=1`, { method: 'POST', body: form, headers: { authorization: `Bearer ${client.token}` } })
    expect(response.status).toBe(403)
  })

  it("sends editor events only to the company's users with ded: the client of 1002 (no ded) gets none, staff does", async () => {
    const document = await uploadBatch(await testBatchPdf(testInvoices(1, 12)), 1002)
    const opened = await editor(staff).get(document.id)
    const toStaff: EditorBatch[] = []
    const toClient: EditorBatch[] = []
    const clientDocuments: DocumentRecord[] = []
    editor(staff).on('patched', (record: EditorBatch) => toStaff.push(record))
    editor(client).on('patched', (record: EditorBatch) => toClient.push(record))
    client.client.service('documents').on('patched', (record: DocumentRecord) => clientDocuments.push(record))
    try {
      const renamed = await editor(staff).patch(document.id, { action: 'renameDocument', part: opened.parts[0].id, name: 'Nur für ded' })
      await expect.poll(() => toStaff.at(-1)?.version).toBe(renamed.version)
      // Setting every page aside empties the batch (its document stops waiting), and undo makes it wait again.
      const pages = opened.parts.flatMap((part) => part.pages.map((page) => page.id))
      const emptied = await editor(staff).patch(document.id, { action: 'deletePage', pages })
      await expect.poll(() => toStaff.at(-1)?.version).toBe(emptied.version)
      // The undo's document patch (the badge) reaches the client of 1002 and is sent after the editor events above, so
      // by the time it arrives any editor event for the client would have arrived too.
      clientDocuments.length = 0
      const undone = await editor(staff).patch(document.id, { action: 'undo' })
      await expect.poll(() => clientDocuments.some((record) => record.id === document.id)).toBe(true)
      await expect.poll(() => toStaff.at(-1)?.version).toBe(undone.version)
      // Each edit reached staff once.
      expect(toStaff.map((record) => record.version)).toEqual([renamed.version, emptied.version, undone.version])
      expect(toClient).toEqual([])
    } finally {
      editor(staff).removeAllListeners('patched')
      editor(client).removeAllListeners('patched')
      client.client.service('documents').removeAllListeners('patched')
    }
  })
})
