import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentHttpPaths, importFileHttpPaths, scannerHttpPaths } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'

// An upload door that answers before it has read the body (a refusal of the token, the company or the declared size)
// must let the client read that answer: Node's fetch (undici) keeps sending while the answer is on its way, and a
// connection reset under it (EPIPE, ECONNRESET) loses the answer. Real server, real sockets, Node's own fetch; small
// limits (1 MB a file, 2 MB a request) so the bodies below are far more than the door reads off.

const MB = 1024 * 1024
/** Each case runs this often: a reset was a race the client lost about one time in three. */
const ROUNDS = 4

/** Posts one file of `bytes` as multipart field `field` with Node's fetch; answers the status, or the network error. */
async function post(url: string, token: string, field: string, bytes: number, data?: unknown): Promise<number | string> {
  const form = new FormData()
  if (data !== undefined) form.append('data', JSON.stringify(data))
  form.append(field, new Blob([new Uint8Array(bytes)]), 'scan.pdf')
  try {
    const response = await fetch(url, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
    await response.arrayBuffer()
    return response.status
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    return `${String(error)} ${cause?.code ?? ''}`
  }
}

describe('upload doors answer early refusals as HTTP answers, never as a reset connection', () => {
  let server: TestServer
  let admin: UserSession
  let scannerToken: string

  beforeAll(async () => {
    server = await startTestServer({ env: { MAX_UPLOAD_MB: '1', MAX_UPLOAD_REQUEST_MB: '2' } })
    admin = await signInSession(server.url, 'admin@demo.portal')
    scannerToken = (await admin.client.service('scanner-registrations').create({ location: 'Empfang', company_no: 1004 })).token
  })
  afterAll(async () => {
    admin?.client.close()
    await server?.close()
  })

  const rounds = async (send: () => Promise<number | string>) => {
    const answers: (number | string)[] = []
    for (let round = 0; round < ROUNDS; round++) answers.push(await send())
    return answers
  }

  it('the document upload: a body over the request limit (413) and an unknown token (401)', async () => {
    const upload = `${server.url}${documentHttpPaths.upload}?client=1004`
    expect(await rounds(() => post(upload, admin.token, 'files', 8 * MB))).toEqual(Array(ROUNDS).fill(413))
    expect(await rounds(() => post(upload, 'not-a-token', 'files', 8 * MB))).toEqual(Array(ROUNDS).fill(401))
  })

  it('the scanner door: right after registering, a body over the limit (413), an unknown token (401), a foreign company (403)', async () => {
    const { token } = await admin.client.service('scanner-registrations').create({ location: 'Keller', company_no: 1004 })
    const upload = `${server.url}${scannerHttpPaths.upload}`
    expect(await post(upload, token, 'files', 8 * MB)).toBe(413)
    expect(await rounds(() => post(upload, scannerToken, 'files', 8 * MB))).toEqual(Array(ROUNDS).fill(413))
    expect(await rounds(() => post(upload, 'pst_unknown', 'files', 8 * MB))).toEqual(Array(ROUNDS).fill(401))
    expect(await rounds(() => post(`${upload}?client=1001`, scannerToken, 'files', 8 * MB))).toEqual(Array(ROUNDS).fill(403))
  })

  it('the import door: a file over its 25 MB (413) and an unknown token (401)', async () => {
    const door = `${server.url}${importFileHttpPaths.file('bank-statements')}`
    expect(await rounds(() => post(door, admin.token, 'file', 30 * MB, { client: 1001 }))).toEqual(Array(ROUNDS).fill(413))
    expect(await rounds(() => post(door, 'not-a-token', 'file', 30 * MB, { client: 1001 }))).toEqual(Array(ROUNDS).fill(401))
  })

  it('keeps the connection for the next request when the refused body was small enough to read off', async () => {
    const upload = `${server.url}${documentHttpPaths.upload}?client=1004`
    const response = await fetch(upload, { method: 'POST', body: new Uint8Array(512 * 1024), headers: { authorization: 'Bearer not-a-token', 'content-type': 'multipart/form-data; boundary=x' } })
    expect(response.status).toBe(401)
    expect(response.headers.get('connection')).toBe('keep-alive')
  })
})
