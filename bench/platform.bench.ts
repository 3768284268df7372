import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PortalClient } from '../packages/sdk/src/client/index'
import { openDatabase } from '../packages/server/src/db/connect'
import { migrateToLatest } from '../packages/server/src/db/migrate'
import { seedDemoData } from '../packages/server/src/db/seed-demo'
import { createLogger } from '../packages/server/src/logger'
import { freePort } from '../tests/support/server'
import { signIn } from '../tests/support/tokens'
import { percentile, type BenchRow } from './table'
import { connect, spawnServer } from './server-process'

const ACCOUNTS = 10_000
const FANOUT_SOCKETS = 200

/** Latencies of `rounds` sequential calls on each of `clients`, all clients at once. */
async function measure(clients: PortalClient[], rounds: number, call: (c: PortalClient) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = []
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < rounds; i++) {
        const t0 = performance.now()
        await call(client)
        samples.push(performance.now() - t0)
      }
    }),
  )
  return samples
}

/** Adds ACCOUNTS supplier accounts to a company, straight into the database before the server starts. */
async function seedAccounts(dataDir: string): Promise<{ companyNo: number; accounting: number }> {
  const db = await openDatabase({ dataDir, databaseUrl: undefined, databaseSchema: undefined })
  try {
    await migrateToLatest(db.knex)
    await seedDemoData(db.knex, createLogger({ logLevel: 'silent' }))
    const company = await db.knex('companies').orderBy('company_no').first()
    const rows = Array.from({ length: ACCOUNTS }, (_, i) => ({
      company_no: company.company_no,
      accounting: company.current_accounting,
      account: 400000 + i,
      name: `Lieferant ${i} GmbH`,
      type: i % 10 === 0 ? 4 : 3,
    }))
    for (let i = 0; i < rows.length; i += 1000) await db.knex('accounts').insert(rows.slice(i, i + 1000))
    return { companyNo: company.company_no, accounting: company.current_accounting }
  } finally {
    await db.close()
  }
}

/** Platform figures of issue 3: start-up, find latency, event fan-out, memory. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-'))
  try {
    // Cold start: a new data dir (database creation, migrations, demo data, keys) until an authenticated find answers.
    const port = await freePort()
    let t0 = performance.now()
    let server = await spawnServer(dataDir, port)
    const tokens = await signIn(server.url, 'admin@demo.portal', 'portal-demo')
    let client = await connect(server.url, tokens.idToken)
    await client.service('accounting-client').find()
    rows.push({ group: 'platform', metric: 'cold start, new data dir, to first authenticated find', value: Math.round(performance.now() - t0), unit: 'ms' })
    client.close()
    await server.stop()

    const { companyNo, accounting } = await seedAccounts(dataDir)
    t0 = performance.now()
    server = await spawnServer(dataDir, port)
    client = await connect(server.url, tokens.idToken)
    await client.service('accounting-client').find()
    const warm = Math.round(performance.now() - t0)
    rows.push({ group: 'platform', metric: 'warm start, existing data dir, to first authenticated find', value: warm, unit: 'ms', target: '< 1000', ok: warm < 1000 })

    const config = (await client.service('config').find()) as { defaultAccountSystem: string }
    const acc = config.defaultAccountSystem
    // Users page through the list: 20 different pages, so answers come from the database and then the cache.
    let page = 0
    const suppliersQuery = () => ({ query: { client: companyNo, acc, types: [3, 4] as (3 | 4)[], $limit: 50, $skip: (page++ % 20) * 50 } })
    const extra = await Promise.all(Array.from({ length: 49 }, () => connect(server.url, tokens.idToken)))
    for (const concurrency of [1, 50]) {
      const clients = [client, ...extra].slice(0, concurrency)
      const rounds = concurrency === 1 ? 200 : 20
      // Steady state: let both processes' JIT warm up on these calls first (the first rounds run unoptimised code).
      await measure(clients, 30, (c) => c.service('accounting-client').find())
      await measure(clients, 30, (c) => c.service('acc-suppliers').find(suppliersQuery()))
      for (const [name, call] of [
        ['accounting-client', (c: PortalClient) => c.service('accounting-client').find()],
        [`acc-suppliers (${ACCOUNTS} accounts, pages of 50)`, (c: PortalClient) => c.service('acc-suppliers').find(suppliersQuery())],
      ] as const) {
        const samples = await measure(clients, rounds, call)
        rows.push({ group: 'platform', metric: `find ${name}, ${concurrency} client(s), p50`, value: percentile(samples, 50), unit: 'ms' })
        const p95 = percentile(samples, 95)
        rows.push({ group: 'platform', metric: `find ${name}, ${concurrency} client(s), p95`, value: p95, unit: 'ms', target: concurrency === 50 ? '< 20' : undefined, ok: concurrency === 50 ? p95 < 20 : undefined })
      }
    }
    // Every call a new search: always answered by the database (the cache cannot help).
    let search = 0
    const uncached = await measure([client], 50, (c) =>
      c.service('acc-suppliers').find({ query: { client: companyNo, acc, types: [3, 4], $limit: 50, search: `${search++ % 10}${search % 7}` } }),
    )
    rows.push({ group: 'platform', metric: 'find acc-suppliers, a new search each call (uncached), 1 client, p50', value: percentile(uncached, 50), unit: 'ms' })
    rows.push({ group: 'platform', metric: 'find acc-suppliers, a new search each call (uncached), 1 client, p95', value: percentile(uncached, 95), unit: 'ms' })
    for (const c of extra) c.close()

    // Fan-out: one created event on acc-suppliers reaching 200 connected, authenticated sockets.
    const listeners = await Promise.all(Array.from({ length: FANOUT_SOCKETS }, () => connect(server.url, tokens.idToken)))
    const fanouts: number[] = []
    for (let round = 0; round < 5; round++) {
      const account = 290000 + round
      const arrivals = listeners.map(
        (l) =>
          new Promise<number>((arrived) => {
            const handler = (record: { account: number }) => {
              if (record.account !== account) return
              l.service('acc-suppliers').removeListener('created', handler)
              arrived(performance.now())
            }
            l.service('acc-suppliers').on('created', handler)
          }),
      )
      const sent = performance.now()
      await client.service('acc-suppliers').create({ client: companyNo, accounting, account, name: `Kunde ${round} KG`, type: 2 })
      const times = await Promise.all(arrivals)
      fanouts.push(Math.max(...times) - sent)
    }
    const fanout = percentile(fanouts, 50)
    rows.push({ group: 'platform', metric: `created event to all of ${FANOUT_SOCKETS} sockets (p50 of 5)`, value: fanout, unit: 'ms', target: '< 100', ok: fanout < 100 })
    for (const l of listeners) l.close()

    const rss = await serverRss(server.child.pid!)
    rows.push({ group: 'platform', metric: 'server RSS after the run', value: Math.round(rss / 1024 / 1024), unit: 'MB' })
    client.close()
    await server.stop()
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
  return rows
}

/** Resident set size of a process, from /proc. */
async function serverRss(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb * 1024
}
