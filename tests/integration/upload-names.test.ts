import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendFile } from '../../packages/cli/src/services/upload/upload-api'
import { documentHttpPaths } from '../../packages/sdk/src/services/index'
import { encodeGrayTiff } from '../../packages/server/src/extraction/ocr/tiff'
import { multipartBody, postUpload } from '../support/http'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, uploadResults, type UserSession } from '../support/session'

/** A one-page PDF; `n` makes each one different, so none is refused as already there. */
async function pdf(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.addPage([200 + n, 200])
  return doc.save()
}

/** The file name a Content-Disposition header carries, preferring RFC 5987 `filename*` (UTF-8). */
function dispositionName(header: string | null): string | undefined {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')
  return extended ? decodeURIComponent(extended[1]) : undefined
}

describe('file names as written (UTF-8) and safe download headers', () => {
  let server: TestServer
  let staff: UserSession
  let companyNo: number

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    companyNo = staff.companies[0]
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
  })

  const download = (id: number) => fetch(`${server.url}${documentHttpPaths.file(id)}`, { headers: { authorization: `Bearer ${staff.token}` } })

  it('keeps "Rechnung Jänner.pdf" exactly in the upload answer, the list and the download (browser FormData)', async () => {
    const name = 'Rechnung Jänner.pdf'
    const [result] = await uploadResults(await uploadFiles(server.url, staff.token, companyNo, [{ name, bytes: await pdf(1) }]))
    expect(result).toMatchObject({ file: name, status: 'uploaded' })
    const list = await staff.client.service('documents').find({ query: { client_no: companyNo } })
    expect(list.data.map((d) => d.file_name)).toContain(name)
    const response = await download(result.documentId!)
    expect(response.status).toBe(200)
    expect(dispositionName(response.headers.get('content-disposition'))).toBe(name)
  })

  it('keeps names in other scripts too, sent as raw UTF-8 or as RFC 5987 filename*', async () => {
    const names = ['Faktura Łódź №7 – 東京.pdf', 'Ölrechnung ßüö.pdf']
    const raw = multipartBody([{ filename: names[0], bytes: await pdf(2) }])
    const extended = multipartBody([{ disposition: `form-data; name="files"; filename*=UTF-8''${encodeURIComponent(names[1])}`, bytes: await pdf(3) }])
    for (const [index, { body, contentType }] of [raw, extended].entries()) {
      const response = await postUpload(server.url, staff.token, { client: String(companyNo) }, body, contentType)
      const [result] = await uploadResults(response)
      expect(result).toMatchObject({ file: names[index], status: 'uploaded' })
      const record = await staff.client.service('documents').get(result.documentId!)
      expect(record.file_name).toBe(names[index])
    }
  })

  it('keeps the name the CLI sends (its own multipart writer)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-cli-name-'))
    try {
      const path = join(dir, 'Rechnung Jänner "Q1".pdf')
      await writeFile(path, await pdf(4))
      const result = await sendFile(
        { server: server.url, token: staff.token, client: companyNo, type: 'er_u' },
        { path, label: 'Rechnung Jänner "Q1".pdf', size: (await stat(path)).size },
        'Rechnung Jänner.pdf',
        () => undefined,
      )
      expect(result).toMatchObject({ file: 'Rechnung Jänner.pdf', status: 'uploaded' })
      const record = await staff.client.service('documents').get(result.documentId!)
      expect(record.file_name).toBe('Rechnung Jänner.pdf')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('serves downloads as attachments of the stored type with nosniff', async () => {
    const xml = new TextEncoder().encode('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><script>alert(1)</script></Invoice>')
    const [result] = await uploadResults(await uploadFiles(server.url, staff.token, companyNo, [{ name: 'page.html', bytes: xml }]))
    expect(result).toMatchObject({ status: 'uploaded' })
    const response = await download(result.documentId!)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-type')).toMatch(/^application\/xml\b/)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(dispositionName(response.headers.get('content-disposition'))).toBe('page.html')
  })

  it('serves page images with nosniff', async () => {
    const tiff = encodeGrayTiff([{ image: { width: 100, height: 100, data: new Uint8Array(100 * 100).fill(230) }, dpi: 100 }])
    const [result] = await uploadResults(await uploadFiles(server.url, staff.token, companyNo, [{ name: 'scan.tiff', bytes: tiff }]))
    const response = await fetch(`${server.url}${documentHttpPaths.page(result.documentId!, 1)}`, { headers: { authorization: `Bearer ${staff.token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
