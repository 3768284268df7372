import { readdir } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UploadResponse } from '../../packages/sdk/src/services/index'
import { multipartBody, postUpload, showsInternals } from '../support/http'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, type UserSession } from '../support/session'

const MB = 1024 * 1024

/** A multipart body streamed part by part, so the test itself never holds it: `count` files of `size` bytes. */
async function* streamedParts(boundary: string, count: number, size: number): AsyncGenerator<Uint8Array> {
  const block = Buffer.alloc(256 * 1024, 0x41)
  for (let n = 0; n < count; n++) {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big-${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`)
    for (let sent = 9; sent < size; sent += block.length) yield block.subarray(0, Math.min(block.length, size - sent))
    yield Buffer.from('\r\n')
  }
  yield Buffer.from(`--${boundary}--\r\n`)
}

/** Every file below the document store, temporary ones included. */
async function storedFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, 'documents'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name)
  } catch {
    return []
  }
}

describe('upload limits: memory, files per request, body size, malformed bodies and names', () => {
  let server: TestServer
  let staff: UserSession
  let companyNo: number

  beforeAll(async () => {
    server = await startTestServer({ env: { DOCUMENT_STORE: 'folder', MAX_UPLOAD_MB: '1', MAX_UPLOAD_FILES: '40', MAX_UPLOAD_REQUEST_MB: '64' } })
    staff = await signInSession(server.url, 'staff@demo.portal')
    companyNo = staff.companies[0]
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
  })

  it('refuses each of 30 oversize parts by name, quickly, stores nothing and stays up', async () => {
    const boundary = 'oversize-boundary'
    const started = performance.now()
    const response = await postUpload(server.url, staff.token, { client: String(companyNo) }, streamedParts(boundary, 30, 2 * MB), `multipart/form-data; boundary=${boundary}`)
    expect(response.status).toBe(200)
    const { results } = (await response.json()) as UploadResponse
    expect(performance.now() - started).toBeLessThan(15_000)
    expect(results).toHaveLength(30)
    results.forEach((result, n) => {
      expect(result).toMatchObject({ file: `big-${n}.pdf`, status: 'refused', error: { key: 'documents:refusal.tooLarge', params: { file: `big-${n}.pdf`, max: MB } } })
    })
    expect(await storedFiles(server.dataDir)).toEqual([])
    // Still serving: a small valid PDF goes in right after.
    const doc = await PDFDocument.create()
    doc.addPage()
    const after = await uploadFiles(server.url, staff.token, companyNo, [{ name: 'small.pdf', bytes: await doc.save() }])
    expect(((await after.json()) as UploadResponse).results[0]).toMatchObject({ status: 'uploaded' })
  })

  it('answers 413 naming the limit for more files than a request may carry, storing none of them', async () => {
    const before = await storedFiles(server.dataDir)
    const files = Array.from({ length: 41 }, (_, n) => ({ filename: `many-${n}.xml`, bytes: new TextEncoder().encode(`<x n="${n}"/>`) }))
    const { body, contentType } = multipartBody(files)
    const response = await postUpload(server.url, staff.token, { client: String(companyNo) }, body, contentType)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 413, data: { key: 'documents:upload.tooManyFiles', params: { max: 40 } } })
    expect(await storedFiles(server.dataDir)).toEqual(before)
  })

  it('answers 413 naming the limit for a body over MAX_UPLOAD_REQUEST_MB, declared or streamed', async () => {
    const boundary = 'body-boundary'
    // Streamed without a length: counted while it arrives.
    const streamed = await postUpload(server.url, staff.token, { client: String(companyNo) }, streamedParts(boundary, 40, 1.8 * MB), `multipart/form-data; boundary=${boundary}`)
    expect(streamed.status).toBe(413)
    expect(await streamed.json()).toMatchObject({ code: 413, data: { key: 'documents:upload.bodyTooLarge', params: { max: 64 * MB } } })
    // Declared up front: refused before a byte of the body is sent.
    const declared = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = httpRequest(`${server.url}/api/documents/upload?client=${companyNo}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(65 * MB) },
      })
      outgoing.on('response', (incoming) => {
        let text = ''
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString()))
        incoming.on('end', () => {
          outgoing.destroy()
          resolve({ status: incoming.statusCode ?? 0, text })
        })
      })
      outgoing.on('error', reject)
      outgoing.flushHeaders()
    })
    expect(declared.status).toBe(413)
    expect(JSON.parse(declared.text)).toMatchObject({ data: { key: 'documents:upload.bodyTooLarge', params: { max: 64 * MB } } })
    expect(await storedFiles(server.dataDir)).not.toContainEqual(expect.stringMatching(/\.tmp$/))
    const alive = await fetch(`${server.url}/api/documents/hashes?client=${companyNo}&sha256=`, { headers: { authorization: `Bearer ${staff.token}` } })
    expect(alive.status).toBe(200)
  })

  it('keeps nothing of an upload whose client goes away part-way', async () => {
    const before = await storedFiles(server.dataDir)
    const outgoing = httpRequest(`${server.url}/api/documents/upload?client=${companyNo}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'multipart/form-data; boundary=gone', 'transfer-encoding': 'chunked' },
    })
    outgoing.on('error', () => undefined)
    outgoing.write('--gone\r\nContent-Disposition: form-data; name="files"; filename="half.pdf"\r\n\r\n%PDF-1.7\n')
    outgoing.write(Buffer.alloc(300 * 1024, 0x41))
    await new Promise((resolve) => setTimeout(resolve, 300))
    outgoing.destroy()
    for (let tries = 0; tries < 40 && (await storedFiles(server.dataDir)).length !== before.length; tries++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await storedFiles(server.dataDir)).toEqual(before)
  })

  it('answers 400 naming the rule for a malformed multipart body, without internals', async () => {
    const cases: { body: Buffer; contentType: string }[] = [
      // The closing boundary never comes.
      { body: Buffer.from('--b\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.7 half a file'), contentType: 'multipart/form-data; boundary=b' },
      // Garbage where part headers should be.
      { body: Buffer.from('--b\r\n\u0000\u0001\u0002 not a header\r\n\r\nxx\r\n--b--\r\n'), contentType: 'multipart/form-data; boundary=b' },
      // No boundary at all.
      { body: Buffer.from('whatever'), contentType: 'multipart/form-data' },
    ]
    for (const { body, contentType } of cases) {
      const response = await postUpload(server.url, staff.token, { client: String(companyNo) }, body, contentType)
      const text = await response.text()
      expect(response.status, text).toBe(400)
      expect(showsInternals(text)).toBe(false)
      expect(JSON.parse(text).data.key).toMatch(/^documents:upload\.(malformed|notMultipart)$/)
    }
  })

  it('refuses a file name with control characters (NUL) with 400 naming the field, storing nothing', async () => {
    const before = await storedFiles(server.dataDir)
    const xml = new TextEncoder().encode('<x/>')
    const names = [
      // Raw in the part header, and encoded as RFC 5987 allows (which decodes to a real NUL or escape).
      { filename: 'rech\u0000nung.xml', bytes: xml },
      { disposition: `form-data; name="files"; filename*=UTF-8''rech%00nung.xml`, bytes: xml },
      { disposition: `form-data; name="files"; filename*=UTF-8''rech%1B%5B31mnung.xml`, bytes: xml },
    ]
    for (const part of names) {
      const { body, contentType } = multipartBody([part])
      const response = await postUpload(server.url, staff.token, { client: String(companyNo) }, body, contentType)
      const text = await response.text()
      expect(response.status, text).toBe(400)
      expect(showsInternals(text)).toBe(false)
      expect(JSON.parse(text).data.key).toMatch(/^documents:upload\.(badFileName|malformed)$/)
    }
    const { body, contentType } = multipartBody([names[1]])
    const response = await postUpload(server.url, staff.token, { client: String(companyNo) }, body, contentType)
    expect(await response.json()).toMatchObject({ data: { key: 'documents:upload.badFileName', params: { field: 'filename' } } })
    expect(await storedFiles(server.dataDir)).toEqual(before)
  })
})
