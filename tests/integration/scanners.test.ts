import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scannerHttpPaths, type Scanner, type UploadResponse } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { signIn } from '../support/tokens'
import { connect, connectAs, failure, nextEvent, type Connection } from './services.support'
import { uploadFiles } from '../support/session'

const INVOICE_PDF = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')

/** Posts files to the scanner upload door with a scanner token, as a scanner or `curl` does. */
function scannerUpload(url: string, token: string | null, files: { name: string; bytes: Uint8Array }[], query = ''): Promise<Response> {
  const form = new FormData()
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name)
  return fetch(`${url}${scannerHttpPaths.upload}${query}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} })
}

describe('scanners: registration, tokens and the scanner upload door', () => {
  let server: TestServer
  let admin: Connection
  let pdf: Uint8Array
  const documentsOf = async (companyNo: number) => Number((await server.knex('documents').where({ company_no: companyNo }).count('* as n').first())!.n)

  beforeAll(async () => {
    server = await startTestServer()
    admin = await connectAs(server.url, 'admin')
    pdf = await readFile(INVOICE_PDF)
  })

  afterAll(async () => {
    admin?.close()
    await server?.close()
  })

  it('registers a scanner and shows its token once: only a hash is stored and the list never carries it', async () => {
    const created = nextEvent<Scanner>(admin.app, 'scanners', 'created', 5000)
    const { scanner, token } = await admin.app.service('scanner-registrations').create({ location: 'Empfang', company_no: 1003, users: ['staff@demo.portal'] })
    expect(token).toMatch(/^pst_[\w-]{40,}$/)
    expect(scanner).toMatchObject({ location: 'Empfang', company_no: 1003, activated: true, has_token: true, last_seen: null, documents_today: 0 })
    expect(scanner.users.map((user) => user.email)).toEqual(['staff@demo.portal'])
    expect(JSON.stringify(await created)).not.toContain(token)
    const row = await server.knex('scanners').where({ id: scanner.id }).first()
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
    const listed = await admin.app.service('scanners').find({ query: { client: 1003 } })
    expect(JSON.stringify(listed)).not.toContain(token)
    expect(await server.knex('audit_log').where({ entity: 'scanner', entity_id: String(scanner.id), action: 'scanner.register' }).first('actor_name', 'after')).toEqual({
      actor_name: 'Anna Huber',
      after: { location: 'Empfang', company_no: 1003, users: ['staff@demo.portal'] },
    })
  })

  it('refuses an unknown assigned user by name, registering nothing', async () => {
    const before = await server.knex('scanners').count('* as n').first()
    const error = await failure(admin.app.service('scanner-registrations').create({ location: 'Büro', company_no: 1003, users: ['nobody@example.com'] }))
    expect(error).toMatchObject({ code: 400, data: { key: 'scanners:errors.unknownUsers', params: { field: 'users', emails: 'nobody@example.com' } } })
    expect(await server.knex('scanners').count('* as n').first()).toEqual(before)
  })

  it('takes a scan in as a document of the scanner’s company, updating last seen and today’s count live', async () => {
    const { scanner, token } = await admin.app.service('scanner-registrations').create({ location: 'Buchhaltung', company_no: 1004 })
    const patched = nextEvent<Scanner>(admin.app, 'scanners', 'patched', 10_000)
    const response = await scannerUpload(server.url, token, [{ name: 'scan.pdf', bytes: pdf }])
    expect(response.status).toBe(200)
    const [result] = ((await response.json()) as UploadResponse).results
    expect(result).toMatchObject({ file: 'scan.pdf', status: 'uploaded' })
    const document = await server.knex('documents').where({ id: result.documentId }).first('company_no', 'created_by')
    expect(document).toEqual({ company_no: 1004, created_by: null })
    expect(await patched).toMatchObject({ id: scanner.id, documents_today: 1, documents_total: 1, last_error: null })
    expect((await patched)!.last_seen).not.toBeNull()

    // The same file again: 'Document already exists', nothing new, and the scanner was seen again.
    const again = await scannerUpload(server.url, token, [{ name: 'scan-again.pdf', bytes: pdf }])
    expect(((await again.json()) as UploadResponse).results[0]).toMatchObject({ status: 'exists', documentId: result.documentId, error: { message: 'Document already exists' } })
    const [seen] = await admin.app.service('scanners').find({ query: { client: 1004 } })
    expect(seen.documents_today).toBe(1)
    expect(Date.parse(seen.last_seen!)).toBeGreaterThanOrEqual(Date.parse((await patched)!.last_seen!))
  })

  it('refuses a file of a refused type by name and records it as the scanner’s last error', async () => {
    const { scanner, token } = await admin.app.service('scanner-registrations').create({ location: 'Keller', company_no: 1004 })
    const before = await documentsOf(1004)
    const response = await scannerUpload(server.url, token, [{ name: 'notes.txt', bytes: new TextEncoder().encode('not a document') }])
    expect(((await response.json()) as UploadResponse).results[0]).toMatchObject({ status: 'refused', error: { key: 'documents:refusal.unsupportedType' } })
    expect(await documentsOf(1004)).toBe(before)
    const [listed] = (await admin.app.service('scanners').find({ query: { client: 1004 } })).filter((entry) => entry.id === scanner.id)
    expect(listed.last_error).toMatchObject({ key: 'documents:refusal.unsupportedType' })
  })

  it('a scanner token only uploads, and only to its company', async () => {
    const { token } = await admin.app.service('scanner-registrations').create({ location: 'Empfang 2', company_no: 1005 })
    const before = await documentsOf(1006)
    // Naming another company is refused, nothing stored.
    const foreign = await scannerUpload(server.url, token, [{ name: 'scan.pdf', bytes: pdf }], '?client=1006')
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ data: { key: 'scanners:refusal.foreignCompany', params: { company: 1005, client: '1006' } } })
    expect(await documentsOf(1006)).toBe(before)
    // The person's upload door, the file and hash doors and the socket do not take it.
    expect((await uploadFiles(server.url, token, 1005, [{ name: 'scan.pdf', bytes: pdf }])).status).toBe(401)
    expect((await fetch(`${server.url}/api/documents/hashes?client=1005&sha256=${'0'.repeat(64)}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401)
    const socket = await connect(server.url)
    try {
      const auth = (socket.app as unknown as { service(path: 'authentication'): { create(data: unknown): Promise<unknown> } }).service('authentication')
      expect(await failure(auth.create({ strategy: 'jwt', accessToken: token }))).toMatchObject({ code: 401 })
      expect(await failure(socket.app.service('scanners').find())).toMatchObject({ code: 401 })
    } finally {
      socket.close()
    }
  })

  it('refuses a deactivated scanner with a clear error and stores nothing; activating lets it deliver again', async () => {
    const { scanner, token } = await admin.app.service('scanner-registrations').create({ location: 'Filiale', company_no: 1007 })
    await admin.app.service('scanners').patch(scanner.id, { activated: false })
    const audited = await server.knex('audit_log').where({ entity: 'scanner', entity_id: String(scanner.id), action: 'scanner.deactivate' }).first('before', 'after')
    expect(audited).toEqual({ before: { activated: true }, after: { activated: false } })
    const refused = await scannerUpload(server.url, token, [{ name: 'scan.pdf', bytes: pdf }])
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ data: { key: 'scanners:refusal.deactivated', params: { location: 'Filiale' } } })
    expect(await documentsOf(1007)).toBe(0)
    const [listed] = await admin.app.service('scanners').find({ query: { client: 1007 } })
    expect(listed).toMatchObject({ activated: false, last_error: { key: 'scanners:refusal.deactivated' } })
    expect(listed.last_seen).not.toBeNull()

    await admin.app.service('scanners').patch(scanner.id, { activated: true })
    expect((await scannerUpload(server.url, token, [{ name: 'scan.pdf', bytes: pdf }])).status).toBe(200)
    expect(await documentsOf(1007)).toBe(1)
  })

  it('rotating stops the old token at once; revoking stops every token', async () => {
    const { scanner, token: first } = await admin.app.service('scanner-registrations').create({ location: 'Archiv', company_no: 1008 })
    const { token: second } = await admin.app.service('scanner-tokens').create({ scanner_id: scanner.id })
    expect(second).not.toBe(first)
    const old = await scannerUpload(server.url, first, [{ name: 'scan.pdf', bytes: pdf }])
    expect(old.status).toBe(401)
    expect(await old.json()).toMatchObject({ data: { key: 'scanners:refusal.unknownToken' } })

    const revoked = await admin.app.service('scanner-tokens').remove(scanner.id)
    expect(revoked).toMatchObject({ id: scanner.id, has_token: false })
    expect((await scannerUpload(server.url, second, [{ name: 'scan.pdf', bytes: pdf }])).status).toBe(401)
    expect(await documentsOf(1008)).toBe(0)
  })

  it('lets only the admin group manage scanners', async () => {
    const staffTokens = await signIn(server.url, 'staff@demo.portal', 'portal-demo')
    const staff = await connect(server.url, staffTokens.idToken)
    try {
      expect(await failure(staff.app.service('scanners').find())).toMatchObject({ code: 403 })
      expect(await failure(staff.app.service('scanner-registrations').create({ location: 'X', company_no: 1001 }))).toMatchObject({ code: 403 })
    } finally {
      staff.close()
    }
  })
})
