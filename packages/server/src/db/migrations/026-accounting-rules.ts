import type { Knex } from 'knex'

/**
 * Accounting rules of issue 31:
 * - `company_settings.cash_basis`: the client is an Einnahmen-Ausgaben-Rechner, so its KER follows the
 *   Zufluss-Abfluss principle (by payment date) instead of the booking period (a Bilanzierer's accrual).
 * - `accounts.vat_id_check`: a supplier created from a document whose printed UID fails its check keeps the UID, and
 *   this names the failed check (the validator's message key); null when the UID passed or there is none.
 * - `accounts.payment_days`, `skonto_percent`, `skonto_days`: the supplier's payment terms as read from its invoice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_settings', (t) => {
    t.boolean('cash_basis').notNullable().defaultTo(false)
  })
  await knex.schema.alterTable('accounts', (t) => {
    t.text('vat_id_check')
    t.integer('payment_days')
    t.decimal('skonto_percent', 5, 2)
    t.integer('skonto_days')
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    for (const column of ['vat_id_check', 'payment_days', 'skonto_percent', 'skonto_days']) t.dropColumn(column)
  })
  await knex.schema.alterTable('company_settings', (t) => {
    t.dropColumn('cash_basis')
  })
}
