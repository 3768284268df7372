import { readdir } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../oidc/test-database'
import { createLogger } from '../../logger'
import { seedDemoData } from '../seed-demo'
import { migrations } from './index'

describe('migrations', () => {
  it('lists every migration file once, in the order of its number', async () => {
    const files = (await readdir(import.meta.dirname)).filter((name) => /^\d{3}-.*\.ts$/.test(name) && !name.endsWith('.test.ts'))
    const names = migrations.map((migration) => migration.name)
    expect(names).toEqual(files.map((name) => name.replace(/\.ts$/, '')).sort())
    expect(new Set(names.map((name) => name.slice(0, 3))).size).toBe(names.length)
  })

  describe('on a migrated database', () => {
    let db: Awaited<ReturnType<typeof openTestDatabase>>
    beforeAll(async () => {
      db = await openTestDatabase()
      await seedDemoData(db.knex, createLogger({ logLevel: 'silent' }), { ledger: false })
    }, 300_000)
    afterAll(async () => {
      await db?.dispose()
    })

    it("knows how many of a view's documents are confirmed, so a large view is counted from the view index, not the table", async () => {
      // 2,000 incoming invoices of one company, half of them confirmed (the Confirmed bit, status & 1).
      await db.knex.raw(
        `insert into documents (company_no, document_type, status, sha256, file_name, mime, file_kind, pages, size, processing_state, aggregated, party_name, total_gross)
         select 1001, 'ER', g % 2, md5(g::text) || md5((g + 1)::text), 'beleg-' || g || '.pdf', 'application/pdf', 'pdf', 1, 1000, 'done', true, 'Lieferant ' || g % 7 || ' GmbH', 10 + g
           from generate_series(1, 2000) g`,
      )
      await db.knex.raw('analyze documents')
      const explained = await db.knex.raw(
        `explain (format json) select count(*) from documents
          where company_no = 1001 and document_type = 'ER' and (status & 1) = 1 and deleted_at is null and not in_editor`,
      )
      const plan = (explained.rows[0]['QUERY PLAN'] as [{ Plan: { Plans?: { 'Plan Rows': number }[] } }])[0].Plan
      const scanned = plan.Plans?.[0]['Plan Rows'] ?? 0
      // Without statistics on the bit PostgreSQL assumed 0.5 % of the rows (10 here, 211 of a large client's 36,941)
      // and read every match from the table instead of answering from the view index.
      expect(scanned).toBeGreaterThan(500)
    }, 120_000)
  })
})
