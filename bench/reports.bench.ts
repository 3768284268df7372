import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Knex } from 'knex'
import { DocumentStatus } from '../packages/sdk/src/domain/index'
import { openDatabase } from '../packages/server/src/db/connect'
import { migrateToLatest } from '../packages/server/src/db/migrate'
import { seedDemoData } from '../packages/server/src/db/seed-demo'
import { createLogger } from '../packages/server/src/logger'
import { freePort } from '../tests/support/server'
import { signIn } from '../tests/support/tokens'
import { connect, spawnServer } from './server-process'
import { latencyRows, measure } from './latency'
import type { BenchRow } from './table'

// Issue 18: the KER over 100,000 booked lines of one company (two years, every class) and the first page of unpaid
// items of a company with 10,000 open supplier invoices, through the built server on PGlite.

const KER_LINES = 100_000
const OPEN_ITEMS = 10_000
const KER_COMPANY = 1003
const OPEN_COMPANY = 1004
const MEASURED = 60
const WARMUP = 10
const YEAR = 2026
const COUNTER_ACCOUNTS = [4000, 4020, 5000, 6000, 7010, 7200, 7400, 7700, 8280, 8500]

/** One booked document the bookings hang on (bookings name a document; the bench needs many lines, not many files). */
async function bookedDocument(knex: Knex, companyNo: number): Promise<number> {
  const [{ id }] = (await knex('documents')
    .insert({ company_no: companyNo, document_type: 'ER', status: DocumentStatus.Confirmed | DocumentStatus.Booked, sha256: `${companyNo}`.padStart(64, '0'), file_name: 'bench.pdf', mime: 'application/pdf', processing_state: 'done', aggregated: true })
    .returning('id')) as { id: number }[]
  return Number(id)
}

/** `count` bookings of a company, 1,000 per insert. */
async function insertBookings(knex: Knex, companyNo: number, count: number, row: (n: number) => Record<string, unknown>): Promise<void> {
  const documentId = await bookedDocument(knex, companyNo)
  for (let start = 0; start < count; start += 1_000) {
    const rows = []
    for (let n = start; n < Math.min(count, start + 1_000); n++) {
      rows.push({ document_id: documentId, company_no: companyNo, booking_no: n + 1, kind: 'booking', currency: 'EUR', ...row(n) })
    }
    await knex('bookings').insert(rows)
  }
}

const line = (net: number) => {
  const tax = Math.round(net * 20) / 100
  return { gross: (net + tax).toFixed(2), lines: JSON.stringify([{ taxCode: 'V20', rate: '20', net: net.toFixed(2), tax: tax.toFixed(2), gross: (net + tax).toFixed(2) }]) }
}

/** KER and unpaid items figures of issue 18: KER p95 < 300 ms over 100,000 lines; the first page of 10,000 open items. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-reports-'))
  try {
    const db = await openDatabase({ dataDir, databaseUrl: undefined, databaseSchema: undefined })
    try {
      await migrateToLatest(db.knex)
      await seedDemoData(db.knex, createLogger({ logLevel: 'silent' }))
      const t0 = performance.now()
      await insertBookings(db.knex, KER_COMPANY, KER_LINES, (n) => {
        const month = (n % 24) + 1
        const year = YEAR - 1 + Math.floor((month - 1) / 12)
        const period = `${year}-${String(((month - 1) % 12) + 1).padStart(2, '0')}`
        const counter = COUNTER_ACCOUNTS[n % COUNTER_ACCOUNTS.length]
        return { document_type: counter < 5000 ? 'AR' : 'KA', account: counter < 5000 ? 200001 : 2800, counter_account: counter, period, document_date: `${period}-10`, booking_date: `${period}-10`, ...line(100 + (n % 900)) }
      })
      await insertBookings(db.knex, OPEN_COMPANY, OPEN_ITEMS, (n) => {
        const day = `${YEAR}-${String((n % 10) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`
        return { document_type: 'ER', account: 330001 + (n % 10), counter_account: 5000, period: day.slice(0, 7), document_date: day, booking_date: day, due_date: day, discount_percent: n % 3 === 0 ? 2 : null, discount_due_date: n % 3 === 0 ? day : null, document_number: `B-${n}`, ...line(50 + (n % 500)) }
      })
      await db.knex.raw('analyze bookings')
      rows.push({ group: 'reports', metric: `write ${KER_LINES + OPEN_ITEMS} bookings (setup)`, value: performance.now() - t0, unit: 'ms' })
    } finally {
      await db.close()
    }
    const server = await spawnServer(dataDir, await freePort())
    try {
      const { idToken } = await signIn(server.url, 'admin@demo.portal', 'portal-demo')
      const client = await connect(server.url, idToken)
      const granularities = [
        { granularity: 'year' as const },
        { granularity: 'quarter' as const, index: 2 },
        { granularity: 'month' as const, index: 11 },
      ]
      const ker = (round: number) => client.service('ker-report').find({ query: { client: KER_COMPANY, year: YEAR, ...granularities[round % granularities.length] } })
      const first = await ker(0)
      if (first.bookings !== KER_LINES) throw new Error(`KER read ${first.bookings} bookings, expected ${KER_LINES}`)
      await measure(WARMUP, ker)
      rows.push(...latencyRows('reports', `KER over ${KER_LINES.toLocaleString('en')} booked lines`, await measure(MEASURED, ker), { text: 'p95 < 300 ms', max: 300 }))

      const page = (round: number) => client.service('unpaid-items').find({ query: { client: OPEN_COMPANY, side: 'ER', $limit: 25, ...(round % 2 ? { $sort: { open: -1 } } : {}) } })
      const answer = await page(0)
      if (answer.total !== OPEN_ITEMS) throw new Error(`unpaid items total ${answer.total}, expected ${OPEN_ITEMS}`)
      await measure(WARMUP, page)
      rows.push(...latencyRows('reports', `unpaid items, first page of ${OPEN_ITEMS.toLocaleString('en')} open items (with totals)`, await measure(MEASURED, page), { text: 'p95 < 300 ms', max: 300 }))
      client.socket.disconnect()
    } finally {
      await server.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
  return rows
}
