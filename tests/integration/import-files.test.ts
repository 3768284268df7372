import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendImportFile } from '../../packages/sdk/src/client/index'
import { BANK_TERMS_VERSION } from '../../packages/sdk/src/domain/index'
import { MAX_SV_IMPORT_FILE_BYTES, importFileHttpPaths, type SvImport } from '../../packages/sdk/src/services/index'
import { camtStatement, type CamtEntry } from '../support/bank-statements'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { SV_ACCOUNTS_CSV } from '../support/sv-files'
import { failure } from './services.support'

// The import door (POST /api/import-files/:service): files larger than a socket message (2 MB) reach the services'
// own create with the policy and validation of the socket; a refusal stores nothing. Real server, HTTP and sockets.

const IBAN = 'AT402011182221219900'
const MB = 1024 * 1024

/** An accounts export of `rows` accounts, about `rows` × 150 bytes. */
function svAccountsCsv(rows: number): string {
  const [header] = SV_ACCOUNTS_CSV.split('\n')
  const lines = [header]
  for (let i = 0; i < rows; i++) {
    lines.push(`${1_000_000 + i};Muster Handels GmbH Niederlassung ${i} (Zweigstelle Innere Stadt);ÖGK Wien;Hauptstraße ${i};1010;Wien;AT;${100_000 + i};1.250,40;4,63;ja;1.1.2020;;;;`)
  }
  return lines.join('\n')
}

/** A CAMT.053 month of `count` movements (about 700 bytes each). */
function camtMonth(count: number): string {
  const entries: CamtEntry[] = Array.from({ length: count }, (_, i) => ({
    amountCents: 1000 + i,
    date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
    remittance: `Zahlung Rechnung RE-2026-${i}`,
    name: `Kunde ${i} GmbH`,
    endToEndId: `E2E-${i}`,
  }))
  return camtStatement({ iban: IBAN, statementId: 'STMT-2026-03-BIG', openingCents: 0, entries })
}

/** Posts a raw form to the door, as a client that skips the SDK's own size check would. */
async function postForm(url: string, service: string, token: string | null, data: unknown, file: Blob, fileName: string): Promise<Response> {
  const form = new FormData()
  form.append('data', JSON.stringify(data))
  form.append('file', file, fileName)
  return fetch(`${url}/api/import-files/${service}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} })
}

describe('import door: large import files over HTTP, with the policy and validation of the socket', () => {
  let server: TestServer
  let admin: UserSession
  let staff: UserSession
  const svImports = async () => Number((await server.knex('sv_imports').count('* as n').first())!.n)
  const svAccounts = async () => Number((await server.knex('sv_accounts').count('* as n').first())!.n)
  const bankRows = async () => Number((await server.knex('bank_transactions').count('* as n').first())!.n)

  beforeAll(async () => {
    server = await startTestServer()
    admin = await signInSession(server.url, 'admin@demo.portal')
    staff = await signInSession(server.url, 'staff@demo.portal')
  })
  afterAll(async () => {
    for (const session of [admin, staff]) session?.client.close()
    await server?.close()
  })

  it('imports a 3 MB contribution-account export as a job, with its progress events over the socket', async () => {
    const csv = svAccountsCsv(22_000)
    expect(csv.length).toBeGreaterThan(3 * MB)
    const events: SvImport[] = []
    admin.client.service('sv-imports').on('patched', (entry: SvImport) => events.push(entry))
    const created = await sendImportFile({ server: server.url, token: admin.token, service: 'sv-imports', data: { kind: 'accounts' }, file: new Blob([csv]), fileName: 'konten.csv' })
    expect(created).toMatchObject({ state: 'inProgress', kind: 'accounts', fileName: 'konten.csv' })
    await expect.poll(() => events.find((entry) => entry.id === created.id && entry.state !== 'inProgress')?.state, { timeout: 120_000, interval: 200 }).toBe('done')
    expect(await admin.client.service('sv-imports').get(created.id)).toMatchObject({ state: 'done', rows: 22_000, progress: 100 })
    expect(await svAccounts()).toBe(22_000)
  }, 180_000)

  it('takes the fields as a file part too (curl -F data=@fields.json)', async () => {
    const form = new FormData()
    form.append('data', new Blob([JSON.stringify({ kind: 'accounts', dryRun: true })]), 'fields.json')
    form.append('file', new Blob([SV_ACCOUNTS_CSV]), 'k.csv')
    const response = await fetch(`${server.url}${importFileHttpPaths.file('sv-imports')}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin.token}` } })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ id: 0, rows: 3, preview: { added: 3 } })
  })

  it('checks a file through the door (dry run) and stores nothing', async () => {
    const before = await svImports()
    const checked = await sendImportFile({ server: server.url, token: admin.token, service: 'sv-imports', data: { kind: 'accounts', dryRun: true }, file: new Blob([SV_ACCOUNTS_CSV]), fileName: 'k.csv' })
    expect(checked).toMatchObject({ id: 0, rows: 3, preview: { added: 3 } })
    expect(await svImports()).toBe(before)
  })

  it('imports a 3 MB CAMT.053 month into the account with approved access', async () => {
    await admin.client.service('bank-terms').create({ client: 1001, version: BANK_TERMS_VERSION, language: 'de' })
    const requested = await admin.client.service('bank-accesses').create({ client: 1001, iban: IBAN })
    await admin.client.service('bank-approvals').patch(requested.id, { decision: 'approve' })
    const xml = camtMonth(8000)
    expect(xml.length).toBeGreaterThan(3 * MB)
    const answer = await sendImportFile({ server: server.url, token: admin.token, service: 'bank-statements', data: { client: 1001 }, file: new Blob([xml]), fileName: 'maerz.xml' })
    expect(answer).toMatchObject({ access_id: requested.id, format: 'camt053', statements: ['STMT-2026-03-BIG'], added: 8000, duplicates: 0 })
    expect(await bankRows()).toBe(8000)
    // The same file again: every movement is known.
    const again = await sendImportFile({ server: server.url, token: admin.token, service: 'bank-statements', data: { client: 1001 }, file: new Blob([xml]), fileName: 'maerz.xml' })
    expect(again).toMatchObject({ added: 0, duplicates: 8000 })
  }, 120_000)

  it('refuses a statement with an external entity or nested 50,000 deep with 400 naming the file and rule, storing nothing', async () => {
    const before = await bankRows()
    const camt = camtMonth(2)
    const external = camt.replace('<Document', '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document').replace('<Ustrd>', '<Ustrd>&x;')
    const refused = await postForm(server.url, 'bank-statements', admin.token, { client: 1001 }, new Blob([external]), 'xxe.xml')
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ data: { key: 'banking:error.file.xmlDoctype', params: { field: 'file', file: 'xxe.xml' } } })
    const deep = camt.replace('<GrpHdr>', `${'<SplmtryData>'.repeat(50_000)}${'</SplmtryData>'.repeat(50_000)}<GrpHdr>`)
    const tooDeep = await failure(sendImportFile({ server: server.url, token: admin.token, service: 'bank-statements', data: { client: 1001 }, file: new Blob([deep]), fileName: 'deep.xml' }))
    expect(tooDeep).toMatchObject({ code: 400, data: { key: 'banking:error.file.xmlTooDeep', params: { field: 'file', file: 'deep.xml', max: '64' } } })
    expect(await bankRows()).toBe(before)
  })

  it('refuses a file over the limit with 413 naming it, before sending (SDK) and at the server, storing nothing', async () => {
    const before = await svImports()
    const big = new Blob([new Uint8Array(MAX_SV_IMPORT_FILE_BYTES + 1)])
    const early = await failure(sendImportFile({ server: server.url, token: admin.token, service: 'sv-imports', data: { kind: 'accounts' }, file: big, fileName: 'gross.csv' }))
    expect(early).toMatchObject({ code: 413, data: { key: 'errors:importFile.tooLarge', params: { max: MAX_SV_IMPORT_FILE_BYTES, maxMb: 25, file: 'gross.csv' } } })
    const response = await postForm(server.url, 'sv-imports', admin.token, { kind: 'accounts' }, big, 'gross.csv')
    expect(response.status).toBe(413)
    const body = (await response.json()) as { data: { key: string; params: Record<string, unknown> } }
    expect(body.data.key).toMatch(/^errors:importFile\.(tooLarge|requestTooLarge)$/)
    expect(body.data.params).toMatchObject({ max: MAX_SV_IMPORT_FILE_BYTES, maxMb: 25 })
    expect(await svImports()).toBe(before)
  }, 60_000)

  it('refuses an anonymous call (401) and a user without the permission (403), storing nothing', async () => {
    const before = { imports: await svImports(), bank: await bankRows() }
    const csv = new Blob([SV_ACCOUNTS_CSV])
    expect((await postForm(server.url, 'sv-imports', null, { kind: 'accounts' }, csv, 'k.csv')).status).toBe(401)
    const anonymous = await failure(sendImportFile({ server: server.url, token: null, service: 'sv-imports', data: { kind: 'accounts' }, file: csv, fileName: 'k.csv' }))
    expect(anonymous).toMatchObject({ code: 401, data: { key: 'errors:access.notAuthenticated' } })
    const forbidden = await failure(sendImportFile({ server: server.url, token: staff.token, service: 'sv-imports', data: { kind: 'accounts' }, file: csv, fileName: 'k.csv' }))
    expect(forbidden).toMatchObject({ code: 403 })
    const statement = new Blob([camtMonth(3)])
    const bank = await failure(sendImportFile({ server: server.url, token: staff.token, service: 'bank-statements', data: { client: 1001 }, file: statement, fileName: 's.xml' }))
    expect(bank).toMatchObject({ code: 403 })
    expect({ imports: await svImports(), bank: await bankRows() }).toEqual(before)
  })

  it('refuses bad fields with 400 naming the field and rule, as over the socket', async () => {
    const csv = new Blob([SV_ACCOUNTS_CSV])
    const badName = await failure(sendImportFile({ server: server.url, token: admin.token, service: 'sv-imports', data: { kind: 'accounts' }, file: csv, fileName: 'konten.pdf' }))
    expect(badName).toMatchObject({ code: 400, data: { key: 'validation:pattern', params: { field: 'fileName' } } })
    const badKind = await failure(sendImportFile({ server: server.url, token: admin.token, service: 'sv-imports', data: { kind: 'nonsense' as 'accounts' }, file: csv, fileName: 'k.csv' }))
    expect(badKind).toMatchObject({ code: 400, data: { params: { field: 'kind' } } })
    const notJson = await postForm(server.url, 'sv-imports', admin.token, undefined, csv, 'k.csv')
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({ data: { key: 'errors:importFile.badData', params: { field: 'data', rule: 'json' } } })
    const twice = await postForm(server.url, 'sv-imports', admin.token, { kind: 'accounts', content: 'YQ==' }, csv, 'k.csv')
    expect(await twice.json()).toMatchObject({ code: 400, data: { key: 'errors:importFile.contentTwice', params: { field: 'content' } } })
    const form = new FormData()
    form.append('data', JSON.stringify({ kind: 'accounts' }))
    const noFile = await fetch(`${server.url}${importFileHttpPaths.file('sv-imports')}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin.token}` } })
    expect(await noFile.json()).toMatchObject({ code: 400, data: { key: 'errors:importFile.noFile', params: { field: 'file' } } })
    const two = new FormData()
    two.append('data', JSON.stringify({ kind: 'accounts', dryRun: true }))
    two.append('file', csv, 'a.csv')
    two.append('file', csv, 'b.csv')
    const twoFiles = await fetch(`${server.url}${importFileHttpPaths.file('sv-imports')}`, { method: 'POST', body: two, headers: { authorization: `Bearer ${admin.token}` } })
    expect(await twoFiles.json()).toMatchObject({ code: 400, data: { key: 'errors:importFile.oneFile', params: { field: 'file' } } })
    const unknown = await postForm(server.url, 'users', admin.token, {}, csv, 'k.csv')
    expect(unknown.status).toBe(404)
  })

  it('applies an ERP result file through the door (a broken one refused with its line)', async () => {
    const refused = await failure(sendImportFile({ server: server.url, token: admin.token, service: 'erp-import-results', data: { client_no: 1001 }, file: new Blob(['not a result file\n']), fileName: 'result.csv' }))
    expect(refused).toMatchObject({ code: 400, data: { params: { line: 1 } } })
  })
})
