import type { Knex } from 'knex'

/**
 * Approving and paying incoming invoices (issue 35, docs/payments.md):
 * - `approval_policies`: per company, up to which gross one approval suffices (above it two different people), whether
 *   a payment run needs a second person's release, and the debtor account the SEPA files are drawn on.
 * - `approval_delegations`: a person's approvals handed to another for a span of days (absence).
 * - `document_approvals`: the steps on an incoming invoice (approve, reject with a reason, question), append-only, so a
 *   booked document's history stays; the state is derived from them by the SDK's `approvalState`.
 * - `approval_states`: the state the steps come to (derived; the filters of the invoice views and unpaid items).
 * - `payment_runs` and `payment_run_items`: a run of open items (bookings of side ER) with its pain.001 file kept as
 *   written, so every download is the same bytes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('approval_policies', (t) => {
    t.integer('company_no').primary()
    // Gross up to which one approval suffices; above it two different people (four eyes). Null: one always suffices.
    t.decimal('single_limit', 15, 2)
    // The people (users.id) who approve; empty: everyone holding the company and `app`.
    t.jsonb('approvers').notNullable().defaultTo('[]')
    t.boolean('run_release_required').notNullable().defaultTo(false)
    t.text('debtor_name')
    t.text('debtor_iban')
    t.text('debtor_bic')
    t.uuid('updated_by')
    t.text('updated_by_name')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('approval_delegations', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable()
    t.uuid('from_user').notNullable()
    t.text('from_name')
    t.uuid('to_user').notNullable()
    t.text('to_name')
    t.date('from_date').notNullable()
    t.date('to_date').notNullable()
    t.uuid('created_by')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('ended_at', { useTz: true })
    t.index(['company_no', 'to_user'])
  })
  await knex.schema.createTable('document_approvals', (t) => {
    t.increments('id').primary()
    t.integer('document_id').notNullable().references('documents.id').onDelete('RESTRICT')
    t.integer('company_no').notNullable()
    t.text('action').notNullable()
    t.text('text')
    t.uuid('user_id')
    t.text('user_name')
    // Set when the step was taken for someone absent (their delegation).
    t.uuid('on_behalf_of')
    t.text('on_behalf_of_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['document_id'])
    t.index(['company_no'])
  })
  await knex.raw(`alter table document_approvals add constraint document_approvals_action_check check (action in ('approve', 'reject', 'question'))`)
  // The approval history stays with its invoice: no step is ever changed or removed.
  await knex.raw(`create or replace function document_approvals_append_only() returns trigger as $$ begin raise exception 'document_approvals is append-only'; end $$ language plpgsql`)
  await knex.raw(`create trigger document_approvals_append_only before update or delete on document_approvals for each row execute function document_approvals_append_only()`)

  // The state each invoice's steps come to under its company's policy (derived, rewritten with every step and policy
  // change), so the invoice views and the unpaid items filter by it in SQL. No row: `open`.
  await knex.schema.createTable('approval_states', (t) => {
    t.integer('document_id').primary().references('documents.id').onDelete('CASCADE')
    t.integer('company_no').notNullable()
    t.text('state').notNullable()
    t.index(['company_no', 'state'])
  })
  await knex.schema.createTable('payment_runs', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable()
    t.text('status').notNullable().defaultTo('created')
    t.text('pain_version').notNullable()
    t.text('grouping').notNullable()
    t.date('execution_date').notNullable()
    t.text('debtor_name').notNullable()
    t.text('debtor_iban').notNullable()
    t.text('debtor_bic')
    t.text('message_id').notNullable()
    t.integer('count').notNullable()
    t.decimal('total', 15, 2).notNullable()
    t.boolean('release_required').notNullable()
    // The pain.001 file as written (UTF-8 text): every download answers these bytes.
    t.text('file').notNullable()
    t.text('file_sha256').notNullable()
    t.uuid('created_by')
    t.text('created_by_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.uuid('released_by')
    t.text('released_by_name')
    t.timestamp('released_at', { useTz: true })
    t.uuid('sent_by')
    t.text('sent_by_name')
    t.timestamp('sent_at', { useTz: true })
    t.uuid('cancelled_by')
    t.timestamp('cancelled_at', { useTz: true })
    t.index(['company_no'])
  })
  await knex.raw(`alter table payment_runs add constraint payment_runs_status_check check (status in ('created', 'released', 'sent', 'cancelled'))`)
  await knex.schema.createTable('payment_run_items', (t) => {
    t.increments('id').primary()
    t.integer('run_id').notNullable().references('payment_runs.id').onDelete('RESTRICT')
    t.integer('company_no').notNullable()
    t.integer('booking_id').notNullable().references('bookings.id').onDelete('RESTRICT')
    t.integer('document_id').notNullable()
    t.integer('account').notNullable()
    t.text('document_number')
    t.text('creditor_name').notNullable()
    t.text('creditor_iban').notNullable()
    // What the run pays of the item (negative for a credit note set off), and the discount it takes.
    t.decimal('amount', 15, 2).notNullable()
    t.decimal('discount', 15, 2).notNullable().defaultTo(0)
    t.text('end_to_end_id').notNullable()
    t.index(['run_id'])
    t.index(['booking_id'])
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('payment_run_items')
  await knex.schema.dropTableIfExists('payment_runs')
  await knex.schema.dropTableIfExists('approval_states')
  await knex.raw('drop trigger if exists document_approvals_append_only on document_approvals')
  await knex.schema.dropTableIfExists('document_approvals')
  await knex.raw('drop function if exists document_approvals_append_only()')
  await knex.schema.dropTableIfExists('approval_delegations')
  await knex.schema.dropTableIfExists('approval_policies')
}
