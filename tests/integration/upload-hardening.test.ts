import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { zipSync } from 'fflate'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PortalClient } from '../../packages/sdk/src/client/index'
import type { DocumentRecord } from '../../packages/sdk/src/services/index'
import { showsInternals } from '../support/http'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, uploadResults, type UserSession } from '../support/session'

const FIXTURES = join(import.meta.dirname, '../../packages/server/src/extraction/fixtures')

/** Every file below the document store, temporary ones included. */
async function storedFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, 'documents'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name).sort()
  } catch {
    return []
  }
}

/** The document once its extraction has finished (done or failed). */
async function settled(client: PortalClient, id: number): Promise<DocumentRecord> {
  for (;;) {
    const record = await client.service('documents').get(id)
    if (record.processing_state === 'done' || record.processing_state === 'failed') return record
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The UBL fixture with a DOCTYPE whose entity would replace the invoice number if it were expanded. */
async function ublWithDoctype(doctype: string): Promise<Uint8Array> {
  const xml = await readFile(join(FIXTURES, 'xrechnung-ubl.xml'), 'utf8')
  return new TextEncoder().encode(xml.replace('?>', `?>\n${doctype}`).replace('<cbc:ID>RE-2026/0042</cbc:ID>', '<cbc:ID>&inv;</cbc:ID>'))
}

/** This file looks into the store's folder (the S3 store's sweep is tested in s3-store.test.ts). */
const FOLDER = { DOCUMENT_STORE: 'folder' }

describe('upload door hardening: bounded ids, own-property types, orphan files, XML with a DOCTYPE', () => {
  let server: TestServer
  let staff: UserSession
  let companyNo: number

  beforeAll(async () => {
    server = await startTestServer({ keep: true, env: FOLDER })
    staff = await signInSession(server.url, 'staff@demo.portal')
    companyNo = staff.companies[0]
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
  })

  it('answers 400 naming the field and the rule for ids and pages out of range, without SQL', async () => {
    const get = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${staff.token}` } })
    const cases: [string, string, string][] = [
      ['/api/documents/9999999999/file', 'id', 'errors:query.maximum'],
      ['/api/documents/2147483648/file', 'id', 'errors:query.maximum'],
      ['/api/documents/99999999999999999999999/file', 'id', 'errors:query.maximum'],
      ['/api/documents/0/file', 'id', 'errors:query.minimum'],
      ['/api/documents/9999999999/pages/1', 'id', 'errors:query.maximum'],
      ['/api/documents/1/pages/99999999999', 'page', 'errors:query.maximum'],
    ]
    for (const [path, field, key] of cases) {
      const response = await get(path)
      const text = await response.text()
      expect(response.status, `${path}: ${text}`).toBe(400)
      expect(showsInternals(text), text).toBe(false)
      expect(JSON.parse(text)).toMatchObject({ name: 'BadRequest', data: { key, params: { field } } })
    }
    // The largest id is a normal miss: refused like any document the user may not see.
    expect((await get('/api/documents/2147483647/file')).status).toBe(403)
  })

  it('refuses type=__proto__ (and other inherited names) with 400 before storing anything', async () => {
    const doc = await PDFDocument.create()
    doc.addPage()
    const pdf = await doc.save()
    for (const type of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const response = await uploadFiles(server.url, staff.token, companyNo, [{ name: `${type}.pdf`, bytes: pdf }], type)
      const text = await response.text()
      expect(response.status, text).toBe(400)
      expect(showsInternals(text)).toBe(false)
      expect(JSON.parse(text)).toMatchObject({ data: { key: 'errors:query.allowedValues', params: { field: 'type' } } })
    }
    expect(await storedFiles(server.dataDir)).toEqual([])
    const count = await server.knex('documents').where({ company_no: companyNo }).count({ n: '*' }).first()
    expect(Number(count?.n)).toBe(0)
  })

  it('refuses XML with a DOCTYPE (entities, external references) at intake, storing nothing', async () => {
    const files = [
      { name: 'entity.xml', bytes: await ublWithDoctype('<!DOCTYPE Invoice [<!ENTITY inv "EXPANDED">]>') },
      { name: 'external.xml', bytes: await ublWithDoctype('<!DOCTYPE Invoice [<!ENTITY inv SYSTEM "file:///etc/passwd">]>') },
      { name: 'laughs.xml', bytes: await ublWithDoctype('<!DOCTYPE Invoice [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY inv "&b;&b;&b;&b;&b;&b;">]>') },
    ]
    const results = await uploadResults(await uploadFiles(server.url, staff.token, companyNo, files))
    expect(results.map((r) => [r.file, r.status, r.error?.key])).toEqual(files.map((f) => [f.name, 'refused', 'documents:refusal.xmlDoctype']))
    expect(await storedFiles(server.dataDir)).toEqual([])
  })

  it('recognises a PDF by its structure: a ZIP holding a PDF in its first kilobyte is refused, a PDF after a little junk is taken', async () => {
    const doc = await PDFDocument.create()
    doc.addPage([595, 842]).drawText('Rechnung', { x: 50, y: 780, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) })
    const pdf = await doc.save()
    // A stored (uncompressed) ZIP entry: the PDF's header, xref and trailer are all there, 30 bytes + name in.
    const zip = zipSync({ 'rechnung.pdf': [pdf, { level: 0 }] })
    expect(new TextDecoder('latin1').decode(zip.subarray(0, 1024))).toContain('%PDF-')
    const junk = new Uint8Array([...new TextEncoder().encode('Content-Type: application/pdf\r\n\r\n'), ...pdf])
    const results = await uploadResults(await uploadFiles(server.url, staff.token, companyNo, [
      { name: 'rechnung.pdf', bytes: zip },
      { name: 'mit-vorspann.pdf', bytes: junk },
    ]))
    expect(results.map((r) => [r.file, r.status, r.error?.key])).toEqual([
      ['rechnung.pdf', 'refused', 'documents:refusal.unsupportedType'],
      ['mit-vorspann.pdf', 'uploaded', undefined],
    ])
    const stored = await server.knex('documents').where({ id: results[1].documentId }).first('mime')
    expect(stored).toEqual({ mime: 'application/pdf' })
    // PostgreSQL answers a count as text, PGlite as a number.
    const zips = await server.knex('documents').where({ file_name: 'rechnung.pdf' }).count('* as n').first()
    expect(Number(zips?.n)).toBe(0)
  })

  it('does not expand a DOCTYPE in the e-invoice embedded in a PDF', async () => {
    const doc = await PDFDocument.create()
    const page = doc.addPage([595, 842])
    page.drawText('Rechnung', { x: 50, y: 780, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) })
    await doc.attach(await ublWithDoctype('<!DOCTYPE Invoice [<!ENTITY inv "EXPANDED">]>'), 'xrechnung.xml', { mimeType: 'application/xml' })
    const [result] = await uploadResults(await uploadFiles(server.url, staff.token, companyNo, [{ name: 'embedded-doctype.pdf', bytes: await doc.save() }]))
    expect(result).toMatchObject({ status: 'uploaded' })
    const record = await settled(staff.client, result.documentId!)
    expect(record.invoice_number).not.toBe('EXPANDED')
    const candidates = await server.knex('document_candidates').where({ document_id: result.documentId }).select('value')
    expect(JSON.stringify(candidates)).not.toContain('EXPANDED')
  })

  it('sweeps files without a document row and stale temporary files after a start, keeping every row\'s file and new uploads', async () => {
    const kept = await storedFiles(server.dataDir)
    expect(kept.length).toBeGreaterThan(0)
    const orphan = Buffer.from('%PDF-1.7 left behind by a crash between the file and its row')
    const hash = createHash('sha256').update(orphan).digest('hex')
    const dir = join(server.dataDir, 'documents', hash.slice(0, 2), hash.slice(2, 4))
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, hash), orphan)
    await writeFile(join(dir, `.${hash}.0123456789ab.tmp`), orphan.subarray(0, 10))
    await mkdir(join(server.dataDir, 'documents', 'tmp'), { recursive: true })
    await writeFile(join(server.dataDir, 'documents', 'tmp', 'upload-abandoned.tmp'), orphan)
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000)
    await utimes(join(server.dataDir, 'documents', 'tmp', 'upload-abandoned.tmp'), old, old)
    // With PostgreSQL other instances may be mid-upload, so only day-old temporaries count as stale there.
    await utimes(join(dir, `.${hash}.0123456789ab.tmp`), old, old)

    staff.client.close()
    await server.server.close()
    server = await startTestServer({ dataDir: server.dataDir, databaseSchema: server.databaseSchema, port: server.port, keep: true, env: FOLDER })
    staff = await signInSession(server.url, 'staff@demo.portal')
    // The sweep runs once the server answers: an upload of this process in flight (newer than its start) is kept.
    const inFlight = join(server.dataDir, 'documents', 'tmp', 'upload-in-flight.tmp')
    await writeFile(inFlight, orphan)
    const others = async () => (await storedFiles(server.dataDir)).filter((name) => name !== 'upload-in-flight.tmp')
    await expect.poll(others, { timeout: 30_000 }).toEqual(kept)
    staff.client.close()
    await server.server.close()
    expect(await readFile(inFlight)).toEqual(orphan)
    await rm(inFlight)
    server = await startTestServer({ dataDir: server.dataDir, databaseSchema: server.databaseSchema, port: server.port, keep: false, env: FOLDER })
    staff = await signInSession(server.url, 'staff@demo.portal')
    // Every row still has its file.
    const rows: { sha256: string }[] = await server.knex('documents').select('sha256')
    for (const row of rows) expect(kept).toContain(row.sha256.trim())
  })

  it('keeps the client\'s note with the document; refuses a note with a control character or over 500 characters, storing nothing', async () => {
    const doc = await PDFDocument.create()
    doc.addPage().drawText('Note test', { font: await doc.embedFont(StandardFonts.Helvetica) })
    const pdf = await doc.save()
    const send = (note: string) => {
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(pdf)]), 'with-note.pdf')
      const query = new URLSearchParams({ client: String(companyNo), note })
      return fetch(`${server.url}/api/documents/upload?${query}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${staff.token}` } })
    }
    const before = await storedFiles(server.dataDir)
    for (const [note, key] of [['taxi\u001b[2J', 'errors:query.controlCharacter'], ['x'.repeat(501), 'errors:query.maxLength']] as const) {
      const response = await send(note)
      const text = await response.text()
      expect(response.status, text).toBe(400)
      expect(JSON.parse(text)).toMatchObject({ name: 'BadRequest', data: { key, params: { field: 'note' } } })
    }
    expect(await storedFiles(server.dataDir)).toEqual(before)
    const [result] = await uploadResults(await send('  Taxi to the client\nwith two lines  '))
    expect(result).toMatchObject({ status: 'uploaded' })
    const record = await staff.client.service('documents').get(result!.documentId!)
    expect(record.client_note).toBe('Taxi to the client\nwith two lines')
  })
})
