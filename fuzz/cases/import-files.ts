import { IMPORT_FILE_SERVICES, type ImportFileService } from '../../packages/sdk/src/services/index'
import type { Answer } from '../answers'
import type { FuzzCase, FuzzContext } from '../case'
import type { Rng } from '../random'
import { SV_ACCOUNTS_CSV } from '../../tests/support/sv-files'
import { multipartBody, type Part } from './multipart'

const CATEGORY = 'import'
const BOUNDARY = '----portal-fuzz-import-9QnB2xkTrZu0gW'

/** Service names in the door's path: the four it serves, and what it must not serve. */
function servicePath(rng: Rng): string {
  return rng.pick<string>([
    ...IMPORT_FILE_SERVICES,
    ...IMPORT_FILE_SERVICES,
    'users',
    'documents',
    '__proto__',
    'constructor',
    'toString',
    'SV-IMPORTS',
    'sv-imports%00',
    '%2e%2e',
    '..%2fusers',
    'sv-imports/',
    'a'.repeat(3000),
    '',
  ])
}

/** The create fields of each service, right and wrong: types, unknown and prototype keys, a `content` beside the file. */
function dataField(rng: Rng, service: string, context: FuzzContext): string {
  const right: Record<ImportFileService, () => Record<string, unknown>> = {
    'bank-statements': () => ({ client: context.companyNo, ...(rng.chance(0.3) ? { access_id: rng.pick([1, 0, -1, 2147483648, '1']) } : {}) }),
    'fon-imports': () => ({ kind: rng.pick(['records', 'quota', 'other', '']), ...(rng.chance(0.5) ? { dryRun: rng.pick([true, false, 'yes', 1]) } : {}) }),
    'sv-imports': () => ({ kind: rng.pick(['accounts', 'transactions', 'authorizations', '__proto__']), ...(rng.chance(0.5) ? { dryRun: rng.pick([true, 'true']) } : {}) }),
    'erp-import-results': () => ({ client_no: rng.pick([context.companyNo, context.foreignCompanyNo, 0, '1', 1e20]) }),
  }
  const known = (IMPORT_FILE_SERVICES as readonly string[]).includes(service)
  const choices: (() => string)[] = [
    () => JSON.stringify(known ? right[service as ImportFileService]() : {}),
    () => JSON.stringify(known ? right[service as ImportFileService]() : {}),
    () => JSON.stringify({ ...(known ? right[service as ImportFileService]() : {}), content: 'YQ==' }),
    () => JSON.stringify({ ...(known ? right[service as ImportFileService]() : {}), fileName: rng.pick(['x.pdf', 'a'.repeat(300) + '.csv', '../x.csv', 'x.csv\u0000']) }),
    () => JSON.stringify({ ...(known ? right[service as ImportFileService]() : {}), file_name: rng.pick(['', 'a'.repeat(300), 'x\u0000.xml']) }),
    () => '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}',
    () => rng.pick(['[]', 'null', '1', '"x"', '{', '', 'true', '{"kind":"accounts",}']),
    () => '['.repeat(10_000) + ']'.repeat(10_000),
    () => JSON.stringify({ kind: 'accounts', extra: 'x'.repeat(70_000) }),
  ]
  return rng.pick(choices)()
}

/** File contents: plausible starts of each format with noise, random bytes, BOMs, huge lines. */
function fileBytes(rng: Rng): Buffer {
  const choices: (() => Buffer)[] = [
    () => rng.bytes(rng.int(0, 20_000)),
    () => Buffer.from(`beitragskontonummer;partner_name\n${rng.text(rng.int(0, 2000), '0123456789;,"\n\r\t äöü')}`),
    () => Buffer.from(`\ufeffsteuernummer;name\n${'1;x\n'.repeat(rng.int(1, 3000))}`),
    () => Buffer.from(`<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "${'a'.repeat(1000)}">]><Document>&x;&x;&x;</Document>`),
    () => Buffer.from(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">${'<Stmt>'.repeat(rng.int(1, 5000))}`),
    () => Buffer.from(`:20:STARTUMS\r\n:25:AT402011182221219900\r\n:28C:1\r\n:60F:C${rng.text(rng.int(0, 200), '0123456789,EURCD')}\r\n-`),
    () => Buffer.from(`buchungsnummer;status;meldung\n${rng.text(rng.int(0, 3000), '0123456789;okerrorinfo\n')}`),
    () => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), rng.bytes(rng.int(10, 5000))]),
    () => Buffer.from('x'.repeat(rng.int(100_000, 2_000_000))),
    () => Buffer.from([0xff, 0xfe, ...rng.bytes(rng.int(0, 500))]),
  ]
  return rng.pick(choices)()
}

/** The parts of a request: usually `data` then `file`, sometimes none, two files, odd names or fields. */
function parts(rng: Rng, service: string, context: FuzzContext): Part[] {
  const data: Part = { field: 'data', bytes: Buffer.from(dataField(rng, service, context)), contentType: 'application/json' }
  const fileName = rng.pick<string | Buffer>(['statement.xml', 'konten.csv', 'quote.xlsx', 'result.csv', 'a\u0000b.csv', '../../etc/passwd', '', 'line\r\nX: y.csv', Buffer.from([0xff, 0xfe, 0x2e, 0x63, 0x73, 0x76])])
  const file: Part = { field: 'file', filename: fileName, bytes: fileBytes(rng) }
  const choices: (() => Part[])[] = [
    () => [data, file],
    () => [data, file],
    () => [data, file],
    () => [file, data],
    () => [data],
    () => [file],
    () => [data, file, { ...file, filename: 'second.csv' }],
    () => [data, { ...file, field: 'files' }],
    () => [data, { field: 'other', bytes: Buffer.from('x') }, file],
    () => [data, data, file],
  ]
  return rng.pick(choices)()
}

/** A good accounts export of a few rows, sent as a check (dryRun): the door answers the preview. */
function goodSvCheck(rng: Rng): Part[] {
  const rows = Array.from({ length: rng.int(1, 50) }, (_, i) => `${1_000_000 + i};Firma ${rng.text(8)} GmbH;ÖGK Wien;Ring ${i};1010;Wien;AT;${100_000 + i};${rng.int(0, 9999)},${rng.int(10, 99)};4,63;ja;1.1.2020;;;;`)
  const csv = [SV_ACCOUNTS_CSV.split('\n')[0], ...rows].join('\n')
  return [
    { field: 'data', bytes: Buffer.from(JSON.stringify({ kind: 'accounts', dryRun: true })) },
    { field: 'file', filename: rng.pick(['konten.csv', 'Beitragskonten März.csv', 'ÖGK.CSV']), bytes: Buffer.from(csv) },
  ]
}

/** Who sends: the administrator, the client staff (no adm), nobody, or a broken token. */
function authorization(rng: Rng, context: FuzzContext): string | undefined {
  return rng.pick([`Bearer ${context.adminToken}`, `Bearer ${context.adminToken}`, `Bearer ${context.clientToken}`, undefined, 'Bearer', `Bearer ${rng.text(rng.int(1, 300))}`])
}

/** Malformed bodies and odd framing: the door must answer 4xx, never hang or fail. */
function oddBody(rng: Rng): { name: string; contentType: string | undefined; body: Buffer } {
  const b = BOUNDARY
  const choices: (() => { name: string; contentType: string | undefined; body: Buffer })[] = [
    () => ({ name: 'no content type', contentType: undefined, body: rng.bytes(100) }),
    () => ({ name: 'JSON body', contentType: 'application/json', body: Buffer.from('{"kind":"accounts","content":"YQ=="}') }),
    () => ({ name: 'multipart without boundary', contentType: 'multipart/form-data', body: rng.bytes(200) }),
    () => ({ name: 'random bytes with a boundary', contentType: `multipart/form-data; boundary=${b}`, body: rng.bytes(rng.int(0, 20_000)) }),
    () => ({ name: 'cut-off file part', contentType: `multipart/form-data; boundary=${b}`, body: multipartBody([{ field: 'file', filename: 'x.csv', bytes: rng.bytes(5000) }], b).subarray(0, rng.int(50, 3000)) }),
    () => ({ name: 'three files', contentType: `multipart/form-data; boundary=${b}`, body: multipartBody([1, 2, 3].map((n) => ({ field: 'file', filename: `${n}.csv`, bytes: rng.bytes(100) })), b) }),
  ]
  return rng.pick(choices)()
}

/** Inputs to the import door (POST /api/import-files/:service): paths, fields, files, tokens and broken bodies. */
export function importFileCases(rng: Rng, count: number): FuzzCase[] {
  const cases: FuzzCase[] = []
  for (let i = 0; i < count; i++) {
    const r = rng.fork(`import-${i}`)
    // One in ten is a good file (checked only, nothing stored), so the door's way to the service is fuzzed too.
    const good = r.chance(0.1)
    const service = good ? 'sv-imports' : servicePath(r)
    const odd = !good && r.chance(0.2)
    const method = r.chance(0.05) ? r.pick(['GET', 'PUT', 'DELETE']) : 'POST'
    cases.push({
      category: CATEGORY,
      description: `${method} /api/import-files/${service.slice(0, 40)}${odd ? ' (odd body)' : ''}`,
      async run(context: FuzzContext, signal: AbortSignal): Promise<Answer> {
        const headers: Record<string, string> = {}
        const auth = good ? `Bearer ${context.adminToken}` : authorization(r, context)
        if (auth) headers.authorization = auth
        let body: Buffer
        if (odd) {
          const input = oddBody(r)
          this.note = input.name
          if (input.contentType) headers['content-type'] = input.contentType
          body = input.body
        } else {
          headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`
          body = multipartBody(good ? goodSvCheck(r) : parts(r, service, context), BOUNDARY)
        }
        const init: RequestInit = { method, headers, signal, ...(method === 'GET' ? {} : { body: new Uint8Array(body) }) }
        const response = await fetch(`${context.url}/api/import-files/${service}`, init)
        return { status: response.status, body: await response.text() }
      },
    })
  }
  return cases
}
