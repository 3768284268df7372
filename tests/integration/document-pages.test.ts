import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PortalClient } from '../../packages/sdk/src/client/index'
import { documentHttpPaths, type DocumentRecord, type UploadResponse } from '../../packages/sdk/src/services/index'
import { encodeGrayTiff } from '../../packages/server/src/extraction/ocr/tiff'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, type UserSession } from '../support/session'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A light gray page (no ink, so OCR skips it and the test stays quick). */
function grayPage(width: number, height: number, shade: number, dpi: number) {
  return { image: { width, height, data: new Uint8Array(width * height).fill(shade) }, dpi }
}

/** Width, height and colour type from a PNG's IHDR chunk. */
function pngHeader(bytes: Uint8Array): { width: number; height: number; colorType: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR')
  return { width: view.getUint32(16), height: view.getUint32(20), colorType: bytes[25] }
}

/** The document once its extraction has finished (done or failed). */
async function settled(client: PortalClient, id: number): Promise<DocumentRecord> {
  for (;;) {
    const record = await client.service('documents').get(id)
    if (record.processing_state === 'done' || record.processing_state === 'failed') return record
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('page images: GET /api/documents/:id/pages/:page', () => {
  let server: TestServer
  let staff: UserSession
  let clientUser: UserSession
  let documentId: number

  const getPage = (token: string | null, id: number, page: number) =>
    fetch(`${server.url}${documentHttpPaths.page(id, page)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })

  beforeAll(async () => {
    server = await startTestServer({ env: { DOCUMENT_STORE: 'folder' } })
    staff = await signInSession(server.url, 'staff@demo.portal')
    clientUser = await signInSession(server.url, 'client@demo.portal')
    // A company of staff's that the client user cannot see, so the refusal test has a foreign document.
    const companyNo = staff.companies.find((no) => !clientUser.companies.includes(no))!
    // A scanner's two-page TIFF: a small page at 100 dpi and a wide one at 300 dpi, finer than is served.
    const tiff = encodeGrayTiff([grayPage(600, 800, 230, 100), grayPage(3000, 1000, 200, 300)])
    const response = await uploadFiles(server.url, staff.token, companyNo, [{ name: 'scan.tiff', bytes: tiff }])
    const body = (await response.json()) as UploadResponse
    expect(body.results[0]).toMatchObject({ status: 'uploaded' })
    documentId = body.results[0].documentId!
    await settled(staff.client, documentId)
  })
  afterAll(async () => {
    staff?.client.close()
    clientUser?.client.close()
    await server?.close()
  })

  it('draws each page of a multi-page TIFF as PNG at its own pixel size, at most 2480 px wide', async () => {
    const first = await getPage(staff.token, documentId, 1)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/png')
    expect(first.headers.get('cache-control')).toBe('private, max-age=3600')
    const one = new Uint8Array(await first.arrayBuffer())
    expect([...one.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    // A gray scan stays gray (colour type 0).
    expect(pngHeader(one)).toEqual({ width: 600, height: 800, colorType: 0 })

    const second = await getPage(staff.token, documentId, 2)
    expect(second.status).toBe(200)
    const two = new Uint8Array(await second.arrayBuffer())
    expect([...two.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    const { width, height } = pngHeader(two)
    expect(width).toBe(2480)
    expect(Math.abs(height - 827)).toBeLessThanOrEqual(1)

    // The page sizes the viewer places boxes with are the same pages in points: 600 px at 100 dpi is 432 pt.
    const fields = await staff.client.service('document-fields').get(documentId)
    expect(fields.document).toMatchObject({ mime: 'image/tiff', pages: 2 })
    expect(fields.pages.map((p) => [p.page, Math.round(p.width), Math.round(p.height)])).toEqual([
      [1, 432, 576],
      [2, 720, 240],
    ])
  })

  it('answers 404 with a translated error for a page the document does not have', async () => {
    for (const page of [3, 0]) {
      const response = await getPage(staff.token, documentId, page)
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ name: 'NotFound', data: { key: 'documents:pageNotFound', params: { page } } })
    }
  })

  it('answers 404 naming the document, not 500, when its file is not stored (pages and download alike)', async () => {
    const companyNo = staff.companies.find((no) => !clientUser.companies.includes(no))!
    const response = await uploadFiles(server.url, staff.token, companyNo, [{ name: 'lost.tiff', bytes: encodeGrayTiff([grayPage(300, 400, 220, 100)]) }])
    const [result] = ((await response.json()) as UploadResponse).results
    const id = result.documentId!
    await settled(staff.client, id)
    // A row without its file, as the demo ledger's booked documents are: no page count recorded, no file on disk.
    await server.knex('documents').where({ id }).update({ pages: 0 })
    const sha256 = result.sha256!
    await rm(join(server.dataDir, 'documents', sha256.slice(0, 2), sha256.slice(2, 4), sha256))
    for (const page of [1, 999_999]) {
      const missing = await getPage(staff.token, id, page)
      expect(missing.status).toBe(404)
      expect(await missing.json()).toMatchObject({ name: 'NotFound', data: { key: 'documents:fileNotStored', params: { id } } })
    }
    const download = await fetch(`${server.url}${documentHttpPaths.file(id)}`, { headers: { authorization: `Bearer ${staff.token}` } })
    expect(download.status).toBe(404)
    expect(await download.json()).toMatchObject({ data: { key: 'documents:fileNotStored', params: { id } } })
  })

  it('refuses a foreign document exactly as a missing one, and a call without a token', async () => {
    const foreign = await getPage(clientUser.token, documentId, 1)
    const missing = await getPage(clientUser.token, 999_999, 1)
    expect(foreign.status).toBe(403)
    expect(missing.status).toBe(foreign.status)
    expect(await foreign.json()).toEqual(await missing.json())
    const anonymous = await getPage(null, documentId, 1)
    expect(anonymous.status).toBe(401)
  })
})
