import { randomUUID } from 'node:crypto'
import type { Knex } from 'knex'
import { latencyRows, measure } from './latency'
import { withSeededServer } from './seeded-server'
import type { BenchRow } from './table'

// Issue 13: a firm with 5,000 users on the embedded database (PGlite), the built server in its own process: the user
// manager's list (a page, a search, a filter) and a bulk change of 1,000 users applied in one transaction.

const USERS = 5_000
const BULK = 1_000

const email = (n: number) => `benutzer-${String(n).padStart(5, '0')}@kanzlei.test`

/** Inserts USERS users with a few permissions and one or two assigned companies each. */
async function seedUsers(knex: Knex): Promise<void> {
  for (let batch = 0; batch < USERS; batch += 500) {
    const rows = []
    for (let n = batch; n < batch + 500; n++) {
      rows.push({
        keycloak_id: randomUUID(),
        username: email(n),
        email: email(n),
        first_name: `Vorname${n}`,
        last_name: `Nachname${n % 977}`,
        permissions: n % 3 === 0 ? ['doc', 'rep'] : ['doc'],
        client_access: n % 10 === 0 ? 'all' : 'assigned',
        last_login: n % 2 === 0 ? new Date() : null,
      })
    }
    const ids = (await knex('users').insert(rows).returning('id')).map((row: { id: string }) => row.id)
    await knex('user_clients').insert(ids.flatMap((user_id, i) => [{ user_id, company_no: 1001 + (i % 5), mode: 'assigned' }, ...(i % 4 === 0 ? [{ user_id, company_no: 1006, mode: 'assigned' }] : [])]))
  }
  await knex.raw('analyze users')
  await knex.raw('analyze user_clients')
}

const rowsOf = (metric: string, samples: number[], target?: { text: string; max: number }) => latencyRows('users', metric, samples, target)

/** User-administration figures of issue 13. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  await withSeededServer({ name: 'users', email: 'admin@demo.portal', env: { WORKER_CONCURRENCY: '0' }, seed: seedUsers }, async ({ client }) => {
    const users = client.service('users')
    const page = (round: number) => users.find({ query: { $limit: 100, $skip: (round * 100) % USERS } })
    await measure(20, page)
    const total = (await users.find({ query: { $limit: 0 } })).total
    rows.push(...rowsOf(`list a page of 100 (${total} users)`, await measure(100, page), { text: '< 100', max: 100 }))
    rows.push(...rowsOf('list a page of 100 sorted by last name', await measure(50, (round) => users.find({ query: { $limit: 100, $skip: round * 100, $sort: { lastName: 1 } } }))))
    rows.push(...rowsOf('search by name', await measure(50, (round) => users.find({ query: { search: `Nachname${round * 7}`, $limit: 100 } }))))
    rows.push(
      ...rowsOf('filter by permission and client', await measure(50, () => users.find({ query: { permission: 'rep', client: 1003, $limit: 100 } }))),
    )

    const changes = Array.from({ length: BULK }, (_, n) => ({ email: email(n * 5), addPermissions: ['pdf'], removePermissions: ['rep'], addClients: [1004] }))
    const bulk = client.service('user-bulk')
    const t0 = performance.now()
    const preview = await bulk.create({ changes, dryRun: true })
    const dryRun = performance.now() - t0
    const t1 = performance.now()
    const applied = await bulk.create({ changes })
    const apply = performance.now() - t1
    if (applied.diffs.length !== BULK || preview.diffs.length !== BULK) throw new Error(`expected ${BULK} changed users, got ${applied.diffs.length}`)
    rows.push({ group: 'users', metric: `bulk change of ${BULK} users, dry run (preview)`, value: dryRun, unit: 'ms' })
    rows.push({ group: 'users', metric: `bulk change of ${BULK} users, applied in one transaction`, value: apply, unit: 'ms', target: '< 2000', ok: apply < 2000 })
  })
  return rows
}
