import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DocumentStatus, viennaToday } from '../packages/sdk/src/domain/index'
import { paymentRunHttpPaths } from '../packages/sdk/src/services/index'
import { openDatabase } from '../packages/server/src/db/connect'
import { migrateToLatest } from '../packages/server/src/db/migrate'
import { seedDemoData } from '../packages/server/src/db/seed-demo'
import { austrianIban } from '../packages/server/src/db/seed-demo-ids'
import { createLogger } from '../packages/server/src/logger'
import { copyEmptyCluster } from '../tests/support/empty-cluster'
import { freePort } from '../tests/support/server'
import { signIn } from '../tests/support/tokens'
import { connect, spawnServer } from './server-process'
import type { BenchRow } from './table'

// Issue 35: a payment run of 1,000 approved open supplier invoices (50 suppliers, a third with an open discount),
// through the built server on PGlite: the run with its pain.001 file written and kept, then its download.

const INVOICES = 1_000
const SUPPLIERS = 50
const COMPANY = 1004
const TARGET_MS = 2_000

// Linux's clock ticks of /proc/<pid>/stat (USER_HZ).
const CLOCK_TICKS = 100

/**
 * The CPU time (ms) a process used so far, all its threads (the server's PGlite thread too), from /proc/<pid>/stat
 * (utime and stime, fields 14 and 15; 10 ms steps); undefined where there is no /proc. On a shared machine the run's
 * wall time rises with the load, and far more under `nice`: its CPU time shows what the server itself spends.
 */
async function cpuMs(pid: number | undefined): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined)
  if (!stat) return undefined
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000
}

/** Writes the invoices straight into the tables (their documents, bookings and approved state) and the suppliers' IBANs. */
async function seedInvoices(dataDir: string): Promise<void> {
  // From a copy of an initialised empty cluster, as the tests start: the bench times the run, not PGlite's initdb (which
  // on a busy machine outlasted knex's 60 s wait for the first connection).
  await copyEmptyCluster(join(dataDir, 'pgdata'))
  const db = await openDatabase({ dataDir, databaseUrl: undefined, databaseSchema: undefined })
  try {
    await migrateToLatest(db.knex)
    await seedDemoData(db.knex, createLogger({ logLevel: 'silent' }))
    const today = viennaToday()
    await db.knex('accounts').insert(
      Array.from({ length: SUPPLIERS }, (_, n) => ({ company_no: COMPANY, accounting: Number(today.slice(0, 4)), account: 331000 + n, name: `Lieferant ${n + 1} GmbH & Co KG`, type: 3, iban: austrianIban('20111', String(8_000_000 + n)) })),
    )
    const documents = (await db.knex('documents')
      .insert(Array.from({ length: INVOICES }, (_, n) => ({ company_no: COMPANY, document_type: 'ER', status: DocumentStatus.Confirmed | DocumentStatus.Booked, sha256: `${n}`.padStart(64, '0'), file_name: `re-${n}.pdf`, mime: 'application/pdf', processing_state: 'done', aggregated: true, invoice_number: `RE-${n}`, total_gross: '120.00' })))
      .returning('id')) as { id: number }[]
    const bookings = documents.map(({ id }, n) => ({
      document_id: id, company_no: COMPANY, booking_no: n + 1, kind: 'booking', currency: 'EUR', document_type: 'ER', account: 331000 + (n % SUPPLIERS), counter_account: 5000,
      period: today.slice(0, 7), document_date: today, booking_date: today, due_date: today, discount_percent: n % 3 === 0 ? 2 : null, discount_due_date: n % 3 === 0 ? today : null,
      document_number: `RE-${n}`, gross: `${100 + (n % 900)}.${String(n % 100).padStart(2, '0')}`, lines: JSON.stringify([]),
    }))
    for (let start = 0; start < INVOICES; start += 500) await db.knex('bookings').insert(bookings.slice(start, start + 500))
    await db.knex('approval_states').insert(documents.map(({ id }) => ({ document_id: id, company_no: COMPANY, state: 'approved' })))
    await db.knex.raw('analyze')
  } finally {
    await db.close()
  }
}

/** The time of one run of 1,000 invoices (target < 2 s) and of its file's download. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-payments-'))
  try {
    await seedInvoices(dataDir)
    const server = await spawnServer(dataDir, await freePort())
    try {
      const { idToken } = await signIn(server.url, 'admin@demo.portal', 'portal-demo')
      const client = await connect(server.url, idToken)
      const items = (await client.service('unpaid-items').find({ query: { client: COMPANY, side: 'ER', approval: 'approved', $limit: INVOICES } })).data
      if (items.length !== INVOICES) throw new Error(`${items.length} approved open items, expected ${INVOICES}`)
      const ids = items.map((item) => item.id)
      /** One run of the 1,000 invoices: its wall time, and the CPU time it took in the server and in this client. */
      const timedRun = async () => {
        const serverCpu = await cpuMs(server.child.pid)
        const clientCpu = process.cpuUsage()
        const started = performance.now()
        const created = await client.service('payment-runs').create({ company_no: COMPANY, open_item_ids: ids, execution_date: viennaToday() })
        const ms = performance.now() - started
        const clientUsed = process.cpuUsage(clientCpu)
        const serverUsed = serverCpu === undefined ? undefined : (await cpuMs(server.child.pid))! - serverCpu
        if (created.count !== INVOICES) throw new Error(`the run holds ${created.count} invoices`)
        return { created, ms, serverUsed, clientMs: (clientUsed.user + clientUsed.system) / 1000 }
      }
      const first = await timedRun()
      rows.push({ group: 'payments', metric: `payment run of ${INVOICES.toLocaleString('en')} invoices (pain.001 written and kept)`, value: first.ms, unit: 'ms', target: `< ${TARGET_MS}`, ok: first.ms < TARGET_MS })
      if (first.serverUsed !== undefined) rows.push({ group: 'payments', metric: 'its CPU time in the server (all threads)', value: first.serverUsed, unit: 'ms' })
      rows.push({ group: 'payments', metric: 'its CPU time in the client (sending 1,000 ids, reading the run)', value: first.clientMs, unit: 'ms' })
      const downloadStarted = performance.now()
      const response = await fetch(`${server.url}${paymentRunHttpPaths.file(first.created.id)}`, { headers: { authorization: `Bearer ${idToken}` } })
      const size = (await response.arrayBuffer()).byteLength
      rows.push({ group: 'payments', metric: `download of its file (${Math.round(size / 1024)} KiB)`, value: performance.now() - downloadStarted, unit: 'ms' })
      // The first run pays for a fresh server's cold code (PGlite's WebAssembly, ours); the same invoices once more,
      // freed by cancelling the first run, show what a run costs a server that has made one before.
      await client.service('payment-runs').patch(first.created.id, { action: 'cancel' })
      const again = await timedRun()
      rows.push({ group: 'payments', metric: 'the same run again on the warm server (the first cancelled)', value: again.ms, unit: 'ms' })
      if (again.serverUsed !== undefined) rows.push({ group: 'payments', metric: 'its CPU time in the server (all threads)', value: again.serverUsed, unit: 'ms' })
      client.socket.disconnect()
    } finally {
      await server.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
  return rows
}
