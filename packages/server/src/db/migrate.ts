import type { Knex } from 'knex'
import { migrations } from './migrations/index'

/** Knex migration source over the in-code list, so the same migrations run on PGlite and PostgreSQL. */
const source: Knex.MigrationSource<(typeof migrations)[number]> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
}

/**
 * Brings the schema up to date. A start on a current schema reads the list of applied migrations once and goes on;
 * otherwise knex migrates under its lock.
 */
export async function migrateToLatest(knex: Knex): Promise<void> {
  if (await isCurrent(knex)) return
  await knex.migrate.latest({ migrationSource: source })
}

async function isCurrent(knex: Knex): Promise<boolean> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return false
  const applied = new Set<string>(await knex('knex_migrations').pluck('name'))
  return migrations.every((migration) => applied.has(migration.name))
}
