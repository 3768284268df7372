import type { Knex } from 'knex'

/**
 * The document editor (issue 17): each scan batch's editable state (its parts, pages set aside, who is completing it),
 * the edit log that undo walks back (each entry holds the states before it of every batch it touched), and on
 * documents the link from a completed part to the original upload it was cut from (kept unchanged, for the audit).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('editor_batches', (t) => {
    t.integer('document_id').primary().references('documents.id').onDelete('CASCADE')
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    // { parts, set_aside, next_part } of @portal/sdk/state editorBatch.
    t.jsonb('state').notNullable()
    // True once a person changed the suggestion (it is no longer re-suggested).
    t.boolean('touched').notNullable().defaultTo(false)
    t.jsonb('completed').notNullable().defaultTo('[]')
    t.integer('version').notNullable().defaultTo(0)
    t.uuid('locked_by').references('users.id').onDelete('SET NULL')
    t.timestamp('locked_at', { useTz: true })
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('editor_edits', (t) => {
    t.increments('id').primary()
    t.text('action').notNullable()
    // [{ document_id, state, touched, version }]: each touched batch as it was before; version is the one after.
    t.jsonb('before').notNullable()
    t.specificType('batch_ids', 'integer[]').notNullable()
    t.uuid('user_id').references('users.id').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw('create index editor_edits_batches_idx on editor_edits using gin (batch_ids)')
  await knex.schema.alterTable('documents', (t) => {
    // The original upload a document was cut from in the editor.
    t.integer('editor_original_id').references('documents.id').onDelete('SET NULL')
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => t.dropColumn('editor_original_id'))
  await knex.schema.dropTableIfExists('editor_edits')
  await knex.schema.dropTableIfExists('editor_batches')
}
