import type { Knex } from 'knex'

/**
 * Accounting rules of issue 31:
 * - `company_settings.cash_basis`: the client is an Einnahmen-Ausgaben-Rechner, so its KER follows the
 *   Zufluss-Abfluss principle (by payment date) instead of the booking period (a Bilanzierer's accrual).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_settings', (t) => {
    t.boolean('cash_basis').notNullable().defaultTo(false)
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_settings', (t) => {
    t.dropColumn('cash_basis')
  })
}
