import { zipSync } from 'fflate'
import type { Answer } from '../answers'
import type { FuzzCase, FuzzContext } from '../case'
import type { Rng } from '../random'
import { camtStatement } from '../../tests/support/bank-statements'
import { SV_ACCOUNTS_CSV } from '../../tests/support/sv-files'
import { multipartBody } from './multipart'
import { invoicePdf } from './pdf'
import { sendUpload } from './upload-request'

// Files that are hostile by their content rather than their framing (issue 30, items 7, 8 and 12): a bank statement
// with a DOCTYPE or nested tens of thousands deep, a NUL in an import file's text, a ZIP carrying a PDF in its first
// kilobyte. Each must be refused with 400 (or, for the upload, refused by name), never answered 500 or stored.

const CATEGORY = 'hostile-file'
const BOUNDARY = '----portal-fuzz-hostile-5KpQ2xkTrZu0gW'
const IBAN = 'AT402011182221219900'

/** A file for an import service with what makes it hostile, and the form fields beside it. */
interface HostileImport {
  name: string
  service: 'bank-statements' | 'fon-imports' | 'sv-imports' | 'erp-import-results'
  data: Record<string, unknown>
  fileName: string
  bytes: Buffer
}

const camt = (rng: Rng) => camtStatement({ iban: IBAN, statementId: `FUZZ-${rng.int(1, 9999)}`, openingCents: 0, entries: [{ amountCents: rng.int(1, 99_999), date: '2026-03-02', remittance: rng.text(20) }] })

/** Puts a NUL at a random place of a text (never before its first character, so the file still looks like its kind). */
function withNul(rng: Rng, text: string): string {
  const at = rng.int(1, text.length - 1)
  return `${text.slice(0, at)}\u0000${text.slice(at)}`
}

function hostileImport(rng: Rng, context: FuzzContext): HostileImport {
  const bank = { service: 'bank-statements' as const, data: { client: context.companyNo }, fileName: 'statement.xml' }
  const choices: (() => HostileImport)[] = [
    () => ({ ...bank, name: 'CAMT with an external entity', bytes: Buffer.from(camt(rng).replace('<Document', `<!DOCTYPE Document [<!ENTITY x SYSTEM "${rng.pick(['file:///etc/passwd', 'http://127.0.0.1:1/x', '/proc/self/environ'])}">]>\n<Document`).replace('<Ustrd>', '<Ustrd>&x;')) }),
    () => ({ ...bank, name: 'CAMT with an internal entity', bytes: Buffer.from(camt(rng).replace('<Document', '<!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<Document').replace('<Ustrd>', '<Ustrd>&b;&b;')) }),
    () => {
      const depth = rng.pick([65, 200, 5_000, 50_000])
      return { ...bank, name: `CAMT nested ${depth} deep`, bytes: Buffer.from(camt(rng).replace('<GrpHdr>', `${'<SplmtryData>'.repeat(depth)}${'</SplmtryData>'.repeat(depth)}<GrpHdr>`)) }
    },
    () => ({ ...bank, name: 'CAMT with a NUL', fileName: 'statement.xml', bytes: Buffer.from(withNul(rng, camt(rng))) }),
    () => ({ ...bank, name: 'MT940 with a NUL', fileName: 'statement.sta', bytes: Buffer.from(withNul(rng, `:20:STARTUMS\r\n:25:${IBAN}\r\n:28C:1\r\n:60F:C260302EUR0,00\r\n:61:2603020302CR10,00NTRFNONREF\r\n:86:Zahlung\r\n:62F:C260302EUR10,00\r\n-`)) }),
    () => ({ name: 'FON records with a NUL', service: 'fon-imports', data: { kind: rng.pick(['records', 'quota']), dryRun: true }, fileName: 'ntcs.csv', bytes: Buffer.from(withNul(rng, 'persNr;taxId;name;quotenArt;year\n1;123456789;Muster GmbH;E;2024\n')) }),
    () => ({ name: 'contribution accounts with a NUL', service: 'sv-imports', data: { kind: 'accounts', dryRun: true }, fileName: 'konten.csv', bytes: Buffer.from(withNul(rng, SV_ACCOUNTS_CSV)) }),
    () => ({ name: 'ERP result with a NUL', service: 'erp-import-results', data: { client_no: context.companyNo }, fileName: 'result.csv', bytes: Buffer.from(withNul(rng, 'belegnr;status;meldung\n1;error;Konto fehlt\n')) }),
  ]
  return rng.pick(choices)()
}

/** Sends a hostile import file through the import door; anything but a 400 is wrong (nothing may be read or stored). */
async function sendImport(context: FuzzContext, input: HostileImport, signal: AbortSignal): Promise<Answer> {
  const body = multipartBody([
    { field: 'data', bytes: Buffer.from(JSON.stringify(input.data)), contentType: 'application/json' },
    { field: 'file', filename: input.fileName, bytes: input.bytes },
  ], BOUNDARY)
  const response = await fetch(`${context.url}/api/import-files/${input.service}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${context.adminToken}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: new Uint8Array(body),
    signal,
  })
  const answer: Answer = { status: response.status, body: await response.text() }
  return answer.status === 400 ? answer : { ...answer, wrong: `${input.name} answered ${answer.status}, not 400` }
}

/** Inputs of hostile files: three in four through the import door, one in four a ZIP carrying a PDF to the upload door. */
export function hostileFileCases(rng: Rng, count: number): FuzzCase[] {
  const cases: FuzzCase[] = []
  for (let i = 0; i < count; i++) {
    const r = rng.fork(`hostile-${i}`)
    if (r.chance(0.25)) {
      cases.push({
        category: CATEGORY,
        description: 'upload of a ZIP storing a PDF in its first kilobyte',
        async run(context: FuzzContext, signal: AbortSignal): Promise<Answer> {
          const zip = zipSync({ [`${r.text(8, 'abcdef')}.pdf`]: [await invoicePdf(r, `zip-${i}`), { level: 0 }] })
          return sendUpload(context, { parts: [{ filename: 'rechnung.pdf', bytes: zip }] }, signal, { refused: 'a ZIP taken for a PDF' }, `hostile-${i}`)
        },
      })
      continue
    }
    cases.push({
      category: CATEGORY,
      description: 'hostile import file',
      async run(context: FuzzContext, signal: AbortSignal): Promise<Answer> {
        const input = hostileImport(r, context)
        this.note = `${input.service}: ${input.name}`
        return sendImport(context, input, signal)
      },
    })
  }
  return cases
}
