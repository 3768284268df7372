import type { FonImport } from '../packages/sdk/src/services/index'
import { latencyRows, measure } from './latency'
import { withSeededServer } from './seeded-server'
import { percentile, type BenchRow } from './table'

// Issue 15: the firm's records and the FinanzOnline quota list of 5,000 clients imported (each a background job,
// checked row by row, written and reconciled in one transaction) on the embedded database, the built server in its
// own process; then the quota table's first page as the screen asks for it.

const CLIENTS = 5_000
const YEAR = 2025

/** Both files of CLIENTS clients: mostly clean, with every state and conflict kind mixed in. */
function files(): { records: string; quota: string } {
  const records = ['persNr;taxId;name;quotenArt;year;abgabedatum;relevant;companyId;kontonr;ntcs_id;kanzlei_id']
  const quota = ['taxId;persNr;name;quotenArt;year;eingangsDatum;regKassa;saldo']
  for (let n = 1; n <= CLIENTS; n++) {
    const taxId = String(100_000_000 + n * 1_777)
    const type = n % 10 === 0 ? 'F' : ['E', 'K', 'U'][n % 3]
    const received = n % 4 === 0 ? '' : `2026-${String(7 + (n % 5)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`
    const kind = n % 50
    const submitted = kind === 1 ? '' : received || (kind === 2 ? '2026-09-01' : '')
    if (kind !== 3) records.push(`${n};${kind === 4 ? String(Number(taxId) + 1) : taxId};Klient ${n} GmbH;${type};${YEAR};${submitted};${kind === 5 ? 'nein' : 'ja'};${1001 + (n % 6)};${200000 + n};N${n};7`)
    if (kind !== 6) quota.push(`${taxId};${kind === 4 ? n : ''};KLIENT ${n} GMBH;${type};${YEAR};${received};;${n % 7 === 0 ? '120,50' : ''}`)
  }
  return { records: records.join('\n'), quota: quota.join('\n') }
}

/** FON figures of issue 15. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  await withSeededServer({ name: 'fon', email: 'admin@demo.portal', env: { WORKER_CONCURRENCY: '0' } }, async ({ client }) => {
    const imports = client.service('fon-imports')
    const until = async (entry: FonImport) => {
      for (;;) {
        const current = await imports.get(entry.id)
        if (current.state === 'failed') throw new Error(`import ${entry.id} failed: ${current.error}`)
        if (current.state === 'done') return current
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    const { records, quota } = files()
    const t0 = performance.now()
    await until(await imports.create({ kind: 'records', fileName: 'ntcs.csv', content: Buffer.from(records).toString('base64') }))
    const t1 = performance.now()
    await until(await imports.create({ kind: 'quota', fileName: 'fon.csv', content: Buffer.from(quota).toString('base64') }))
    const t2 = performance.now()
    const items = client.service('fon-items')
    const total = (await items.find({ query: { $limit: 0 } })).total
    rows.push({ group: 'fon', metric: `import the firm's records (${CLIENTS} clients, CSV)`, value: (t1 - t0) / 1000, unit: 's' })
    rows.push({ group: 'fon', metric: `import the FON quota list and reconcile (${total} items)`, value: (t2 - t1) / 1000, unit: 's' })
    rows.push({ group: 'fon', metric: `both imports and the reconciliation of ${CLIENTS} clients`, value: (t2 - t0) / 1000, unit: 's', target: '< 30', ok: t2 - t0 < 30_000 })
    // Again with the same files: nothing changes, so this is the check-and-compare path.
    const t3 = performance.now()
    await until(await imports.create({ kind: 'quota', fileName: 'fon.csv', content: Buffer.from(quota).toString('base64') }))
    rows.push({ group: 'fon', metric: 'the same quota list again (reconcile, nothing changed)', value: (performance.now() - t3) / 1000, unit: 's' })

    const firstPage = () => items.find({ query: { $limit: 50 } })
    await measure(10, firstPage)
    rows.push(...latencyRows('fon', 'table: first page of 50', await measure(100, firstPage), { text: '< 100', max: 100 }))
    const filtered = await measure(50, () => items.find({ query: { state: 'dataConflict', employee: 'staff@demo.portal', year: YEAR, $limit: 50 } }))
    rows.push({ group: 'fon', metric: 'table: conflicts of one employee, p95', value: percentile(filtered, 95), unit: 'ms' })
  })
  return rows
}
