import type { Knex } from 'knex'

/**
 * Banking (issue 19):
 * - `bank_terms`: each acceptance of the bank-connection provider's terms by a company (version, language, who,
 *   when); withdrawing sets `withdrawn_at` and revokes every access of the company. Kept, never deleted.
 * - `bank_accesses`: read access to one account (IBAN): requested by the client, approved or rejected by the firm's
 *   administrator, renewed or revoked; `expires_on` is the first day it reads no more. `bank_access_events` keeps
 *   every step.
 * - `bank_statements` / `bank_transactions`: what statement files (or the PSD2 provider) delivered; `entry_key` keeps a
 *   movement delivered again from being stored twice.
 * - `bank_matches`: a movement's settlement of an open item, linked to the payment it created (issue 18's `payments`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bank_terms', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable()
    t.text('version').notNullable()
    t.text('language').notNullable()
    t.uuid('accepted_by')
    t.text('accepted_by_name')
    t.timestamp('accepted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('withdrawn_at', { useTz: true })
    t.text('withdrawn_by_name')
    t.index(['company_no'])
  })
  await knex.schema.createTable('bank_accesses', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable()
    t.text('iban').notNullable()
    t.text('name')
    t.text('provider').notNullable().defaultTo('files')
    t.text('status').notNullable()
    t.date('expires_on')
    t.text('requested_by_name')
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.text('decided_by_name')
    t.timestamp('decided_at', { useTz: true })
    t.text('reason')
    // The PSD2 provider's requisition (consent) id and its link; never a secret.
    t.text('consent_id')
    t.text('consent_link')
    t.index(['company_no'])
    t.index(['status'])
  })
  // One living access per account of a company.
  await knex.raw(`create unique index bank_accesses_live_idx on bank_accesses (company_no, iban) where status in ('pending', 'approved')`)
  await knex.schema.createTable('bank_access_events', (t) => {
    t.increments('id').primary()
    t.integer('access_id').notNullable().references('bank_accesses.id').onDelete('CASCADE')
    t.text('action').notNullable()
    t.text('actor_name')
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.date('expires_on')
    t.index(['access_id'])
  })
  await knex.schema.createTable('bank_statements', (t) => {
    t.increments('id').primary()
    t.integer('access_id').notNullable().references('bank_accesses.id').onDelete('RESTRICT')
    t.integer('company_no').notNullable()
    t.text('statement_id').notNullable()
    t.text('format').notNullable()
    t.text('file_name')
    t.decimal('opening', 15, 2).notNullable()
    t.date('opening_date')
    t.decimal('closing', 15, 2).notNullable()
    t.date('closing_date')
    t.text('imported_by_name')
    t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['access_id', 'format', 'statement_id', 'closing_date'])
  })
  await knex.schema.createTable('bank_transactions', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable()
    t.integer('access_id').notNullable().references('bank_accesses.id').onDelete('RESTRICT')
    t.integer('statement_id').references('bank_statements.id').onDelete('SET NULL')
    t.text('entry_key').notNullable()
    t.date('booking_date').notNullable()
    t.date('value_date').notNullable()
    t.decimal('amount', 15, 2).notNullable()
    t.text('currency').notNullable()
    t.boolean('is_return').notNullable().defaultTo(false)
    t.text('return_reason')
    t.text('bank_reference')
    t.text('end_to_end_id')
    t.text('mandate_id')
    t.text('counterparty_name')
    t.text('counterparty_iban')
    t.text('remittance').notNullable().defaultTo('')
    t.text('structured_reference')
    t.text('booking_text')
    t.text('batch_reference')
    // The account's balance after this movement as the statement gave it (the balance chart).
    t.decimal('balance_after', 15, 2)
    t.jsonb('proposals').notNullable().defaultTo('[]')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['access_id', 'entry_key'])
    t.index(['company_no', 'booking_date'])
  })
  await knex.schema.createTable('bank_matches', (t) => {
    t.increments('id').primary()
    t.integer('transaction_id').notNullable().references('bank_transactions.id').onDelete('RESTRICT')
    t.integer('payment_id').notNullable().references('payments.id').onDelete('RESTRICT')
    t.integer('booking_id').notNullable()
    t.integer('company_no').notNullable()
    t.decimal('confidence', 4, 2)
    t.boolean('automatic').notNullable().defaultTo(false)
    t.text('reasons').notNullable().defaultTo('')
    t.text('created_by_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('undone_at', { useTz: true })
    t.index(['transaction_id'])
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  for (const table of ['bank_matches', 'bank_transactions', 'bank_statements', 'bank_access_events', 'bank_accesses', 'bank_terms']) await knex.schema.dropTableIfExists(table)
}
