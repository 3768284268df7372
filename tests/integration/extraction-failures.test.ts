import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentRecord, UploadResponse } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, type UserSession } from '../support/session'

/** A little-endian TIFF of 100 × 100 pixels whose strip lies past the end of the file: intake accepts it, no engine can read it. */
function tiffWithoutPixels(): Uint8Array {
  const entries: [tag: number, type: number, value: number][] = [
    [256, 4, 100],
    [257, 4, 100],
    [258, 3, 8],
    [259, 3, 1],
    [273, 4, 0x7fffffff],
    [279, 4, 10_000],
  ]
  const bytes = Buffer.alloc(8 + 2 + entries.length * 12 + 4)
  bytes.write('II', 0, 'latin1')
  bytes.writeUInt16LE(42, 2)
  bytes.writeUInt32LE(8, 4)
  bytes.writeUInt16LE(entries.length, 8)
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12
    bytes.writeUInt16LE(tag, at)
    bytes.writeUInt16LE(type, at + 2)
    bytes.writeUInt32LE(1, at + 4)
    if (type === 3) bytes.writeUInt16LE(value, at + 8)
    else bytes.writeUInt32LE(value, at + 8)
  })
  return bytes
}

describe('documents whose reading fails', () => {
  let server: TestServer
  let staff: UserSession

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
  })

  it("fail with a reason in the user's language, never the engine's own words (it showed them, and SQL once)", async () => {
    const companyNo = staff.companies[0]
    const failed = new Promise<DocumentRecord>((resolve) => {
      staff.client.service('documents').on('patched', (record: DocumentRecord) => {
        if (record.file_name === 'scan-ohne-bild.tif' && record.processing_state === 'failed') resolve(record)
      })
    })
    const response = await uploadFiles(server.url, staff.token, companyNo, [{ name: 'scan-ohne-bild.tif', bytes: tiffWithoutPixels() }])
    const [result] = ((await response.json()) as UploadResponse).results
    expect(result.status).toBe('uploaded')
    // Three attempts with back-off (2 s, 8 s) before the document counts as failed.
    const record = await failed
    expect(record.processing_error).toBe('documents:refusal.unreadable')
  }, 60_000)
})
