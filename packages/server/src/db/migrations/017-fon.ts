import type { Knex } from 'knex'

/**
 * FinanzOnline quota monitoring (issue 15): the two imported sides (the firm's records, the FON quota list), each
 * replaced whole by its import; the reconciled items with their history (append-only); the import runs; and the
 * firm's FON user (its PIN stays on the server).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fon_records', (t) => {
    t.text('pers_nr').notNullable()
    t.text('tax_id').notNullable()
    t.text('name').notNullable()
    t.text('return_type').notNullable()
    t.integer('year').notNullable()
    t.date('submitted_on')
    t.boolean('relevant').notNullable().defaultTo(true)
    // The client company as the firm's system names it; not a foreign key: the export may list clients the portal lacks.
    t.integer('company_no')
    t.text('kontonr')
    t.text('ntcs_id')
    t.text('kanzlei_id')
    t.primary(['tax_id', 'return_type', 'year'])
  })
  await knex.schema.createTable('fon_quota_rows', (t) => {
    t.text('tax_id').notNullable()
    t.text('pers_nr')
    t.text('name').notNullable()
    t.text('return_type').notNullable()
    t.integer('year').notNullable()
    t.date('received_on')
    t.text('reg_kassa')
    t.decimal('saldo', 15, 2)
    t.primary(['tax_id', 'return_type', 'year'])
  })
  await knex.schema.createTable('fon_items', (t) => {
    t.increments('id').primary()
    t.text('tax_id').notNullable()
    t.text('return_type').notNullable()
    t.integer('year').notNullable()
    t.text('pers_nr')
    t.text('name').notNullable()
    t.text('state').notNullable()
    // The state the last reconciliation gave (a reopen goes back to it).
    t.text('reconciled_state').notNullable()
    t.text('conflict_kind')
    t.text('conflict_field')
    t.text('ntcs_value')
    t.text('fon_value')
    t.text('fingerprint')
    t.text('action').notNullable()
    t.date('submitted_on')
    t.date('received_on')
    t.text('reg_kassa')
    t.decimal('saldo', 15, 2)
    t.integer('company_no')
    t.text('kontonr')
    t.text('ntcs_id')
    t.text('kanzlei_id')
    t.text('remark')
    t.text('resolved_by')
    t.timestamp('resolved_at', { useTz: true })
    t.integer('version').notNullable().defaultTo(1)
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['tax_id', 'return_type', 'year'])
    t.index(['year', 'state'])
    t.index(['company_no'])
  })
  await knex.schema.createTable('fon_item_history', (t) => {
    t.bigIncrements('id').primary()
    t.integer('item_id').notNullable().references('fon_items.id').onDelete('CASCADE')
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.uuid('actor_id')
    t.text('actor_name')
    t.text('action').notNullable()
    t.text('from_state')
    t.text('to_state').notNullable()
    t.text('remark')
    t.index(['item_id', 'id'])
  })
  // Append-only: a history entry, once written, is never changed (items removed with their return take theirs along).
  await knex.raw(`
    create function fon_item_history_append_only() returns trigger language plpgsql as $$
    begin raise exception 'fon_item_history is append-only'; end $$`)
  await knex.raw(`
    create trigger fon_item_history_append_only before update on fon_item_history
    for each row execute function fon_item_history_append_only()`)
  await knex.schema.createTable('fon_imports', (t) => {
    t.increments('id').primary()
    t.text('kind').notNullable()
    t.text('file_name').notNullable()
    t.text('state').notNullable()
    t.integer('progress').notNullable().defaultTo(0)
    t.integer('rows').notNullable().defaultTo(0)
    t.jsonb('problem')
    t.text('error')
    // The uploaded file until its job has run.
    t.binary('content')
    t.uuid('created_by')
    t.text('created_by_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('finished_at', { useTz: true })
    t.index(['kind', 'id'])
  })
  await knex.schema.createTable('fon_settings', (t) => {
    t.text('id').primary()
    t.text('participant_id').notNullable().defaultTo('')
    t.text('user_id').notNullable().defaultTo('')
    t.text('pin')
    t.boolean('two_factor').notNullable().defaultTo(false)
    t.timestamp('updated_at', { useTz: true })
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  for (const table of ['fon_settings', 'fon_imports', 'fon_item_history', 'fon_items', 'fon_quota_rows', 'fon_records']) {
    await knex.schema.dropTableIfExists(table)
  }
  await knex.raw('drop function if exists fon_item_history_append_only()')
}
