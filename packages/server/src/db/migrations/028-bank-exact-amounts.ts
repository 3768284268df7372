import type { Knex } from 'knex'

/** The bank columns that hold amounts as the bank wrote them. */
const COLUMNS = [
  ['bank_transactions', 'amount'],
  ['bank_transactions', 'balance_after'],
  ['bank_statements', 'opening'],
  ['bank_statements', 'closing'],
] as const

/**
 * Bank amounts exactly, and collective bookings whose single items come later (issue 33): ISO 20022 allows five
 * decimals (`8.850`, `0.12345`), so movements and balances keep all five; cents are taken only where a payment or
 * booking needs them. Widening keeps every stored value.
 */
export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of COLUMNS) await knex.raw('alter table ?? alter column ?? type numeric(20, 5)', [table, column])
  await knex.schema.alterTable('bank_transactions', (t) => {
    // A collective booking (Sammelbuchung) stored with its total only: a camt.054 notification replaces it by its items.
    t.boolean('batch_total').notNullable().defaultTo(false)
  })
}

/** Back to cents (rounds what has finer decimals). */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bank_transactions', (t) => {
    t.dropColumn('batch_total')
  })
  for (const [table, column] of COLUMNS) await knex.raw('alter table ?? alter column ?? type numeric(15, 2)', [table, column])
}
