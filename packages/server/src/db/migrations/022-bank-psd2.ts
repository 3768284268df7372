import type { Knex } from 'knex'

/** Banking through the PSD2 provider (issue 19): the bank (the provider's institution id) a client names for an account. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bank_accesses', (t) => {
    t.text('institution_id')
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('bank_accesses', (t) => {
    t.dropColumn('institution_id')
  })
}
