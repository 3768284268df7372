import type { Knex } from 'knex'
import { migrations } from './migrations/index'

/** Knex migration source over the in-code list, so the same migrations run on PGlite and PostgreSQL. */
const source: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
}

/** Brings the schema up to date. */
export async function migrateToLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: source })
}
