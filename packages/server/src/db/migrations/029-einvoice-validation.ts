import type { Knex } from 'knex'

/**
 * What the extraction job finds of a structured e-invoice (issue 33): its check against the official business
 * rules (EN 16931, XRechnung) and, for an e-invoice without a page of its own, the readable page the viewer shows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.jsonb('einvoice_validation')
    t.jsonb('einvoice_view')
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumns('einvoice_validation', 'einvoice_view')
  })
}
