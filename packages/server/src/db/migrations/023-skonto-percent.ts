import type { Knex } from 'knex'

/**
 * The Skonto rate read from an invoice's payment terms (issue 16), beside its date, so a booking carries both to
 * the unpaid items, the payment codes, the bank matching and the ERP export.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.decimal('discount_percent', 5, 2)
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumn('discount_percent')
  })
}
