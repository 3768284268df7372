import type { Knex } from 'knex'

/**
 * The note a client's person writes for the firm when sending a document from the phone (issue 36): shown with the
 * document to whoever reviews it. Null for every document sent without one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.text('client_note')
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumn('client_note')
  })
}
