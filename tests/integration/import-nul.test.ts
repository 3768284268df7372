import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendImportFile } from '../../packages/sdk/src/client/index'
import { scannerHttpPaths, type Scanner } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { generateFonFiles } from '../support/fon-files'
import { SV_ACCOUNTS_CSV } from '../support/sv-files'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'

// A NUL character (U+0000) is text PostgreSQL cannot store (22021 in text, 22P05 in jsonb): every file whose text
// reaches the database refuses it with 400 naming where it is, and nothing is stored; the scanner door refuses it in
// its query and still records the scanner's last error. Real server, real database, real sockets.

const FIXTURES = join(import.meta.dirname, '../fixtures')
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
const count = async (server: TestServer, table: string) => Number((await server.knex(table).count('* as n').first())!.n)

describe('a NUL character in an imported file or an upload query is refused by name, nothing stored', () => {
  let server: TestServer
  let admin: UserSession
  const fon = generateFonFiles({ year: new Date().getUTCFullYear() - 3 })

  beforeAll(async () => {
    server = await startTestServer()
    admin = await signInSession(server.url, 'admin@demo.portal')
  })
  afterAll(async () => {
    admin?.client.close()
    await server?.close()
  })

  it('FON records (CSV): 400 naming the row and column, no import stored', async () => {
    const before = { imports: await count(server, 'fon_imports'), records: await count(server, 'fon_records') }
    const lines = fon.recordsCsv.trimEnd().split('\n')
    const header = lines[0].split(';')
    const cells = lines[2].split(';')
    cells[header.indexOf('name')] = 'Muster\u0000GmbH'
    lines[2] = cells.join(';')
    const error = await failure(admin.client.service('fon-imports').create({ kind: 'records', fileName: 'ntcs.csv', content: base64(lines.join('\n')) }))
    expect(error).toMatchObject({ code: 400, data: { key: 'fon:errors.badFile', params: { row: 3, column: 'name', rule: 'nul' } } })
    // The refusal itself is shown as the last (failed) import, so it holds no NUL either.
    expect(JSON.stringify(error)).not.toContain('\\u0000')
    expect(await count(server, 'fon_records')).toBe(before.records)
  })

  it('contribution accounts (CSV): 400 naming the row and column, nothing stored', async () => {
    const before = await count(server, 'sv_accounts')
    const csv = SV_ACCOUNTS_CSV.replace('Beispiel Bau OG', 'Beispiel\u0000Bau OG')
    const error = await failure(admin.client.service('sv-imports').create({ kind: 'accounts', fileName: 'konten.csv', content: base64(csv) }))
    expect(error).toMatchObject({ code: 400, data: { key: 'admin:sv.errors.badFile', params: { row: 3, column: 'partner_name', rule: 'nul' } } })
    expect(await count(server, 'sv_accounts')).toBe(before)
  })

  // Over the socket a file's text is a field, whose NUL the guard refuses (errors:query.invalidCharacter); through the
  // import door it is a file's bytes, read by the service itself.
  const throughDoor = (service: 'bank-statements' | 'erp-import-results', data: Record<string, unknown>, text: string, fileName: string) =>
    failure(sendImportFile({ server: server.url, token: admin.token, service, data: data as never, file: new Blob([text]), fileName }))

  it('a bank statement (MT940) through the import door: 400 naming the file, line and column, nothing stored', async () => {
    const before = await count(server, 'bank_transactions')
    const sta = (await readFile(join(FIXTURES, 'banking/mt940-sparkasse-structured.sta'), 'utf8')).replace('Danke', 'Dan\u0000ke')
    const error = await throughDoor('bank-statements', { client: 1001 }, sta, 'sparkasse.sta')
    expect(error).toMatchObject({ code: 400, data: { key: 'banking:error.file.nul', params: { field: 'file', file: 'sparkasse.sta', line: '7', column: '77' } } })
    expect(await count(server, 'bank_transactions')).toBe(before)
  })

  it('an ERP import result through the import door: 400 naming the line and column, nothing applied', async () => {
    const error = await throughDoor('erp-import-results', { client_no: 1001 }, 'belegnr;status;meldung\n1;error;Konto\u0000fehlt\n', 'result.csv')
    expect(error).toMatchObject({ code: 400, data: { key: 'erp:error.resultNul', params: { line: 2, column: 14 } } })
  })

  it('the scanner door refuses a NUL in ?client= naming the field, and records it as the scanner’s last error', async () => {
    const { scanner, token } = await admin.client.service('scanner-registrations').create({ location: 'Poststelle', company_no: 1004 })
    const pdf = await readFile(join(FIXTURES, 'corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf'))
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(pdf)]), 'scan.pdf')
    const before = await count(server, 'documents')
    const response = await fetch(`${server.url}${scannerHttpPaths.upload}?client=%00`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ data: { key: 'errors:query.wrongType', params: { field: 'client', kind: 'companyNumber' } } })
    expect(await count(server, 'documents')).toBe(before)
    const listed = (await admin.client.service('scanners').find({ query: { client: 1004 } })).find((entry: Scanner) => entry.id === scanner.id)
    expect(listed).toMatchObject({ last_error: { key: 'errors:query.wrongType', params: { field: 'client' } } })
    expect(listed!.last_seen).not.toBeNull()
  })
})
