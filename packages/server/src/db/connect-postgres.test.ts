import { describe, expect, it } from 'vitest'
import { openDatabase } from './connect'

// PostgreSQL only (the PostgreSQL pass sets DATABASE_URL): PGlite is one process without JIT or parallel workers.
describe.skipIf(!process.env.DATABASE_URL)("the portal's PostgreSQL connections", () => {
  it('run without JIT and without parallel workers, which cost a large client its badge counts', async () => {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '/nonexistent', databaseSchema: undefined })
    try {
      const settings = await db.knex.raw(`select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers`)
      expect(settings.rows[0]).toEqual({ jit: 'off', workers: '0' })
    } finally {
      await db.close()
    }
  })
})
