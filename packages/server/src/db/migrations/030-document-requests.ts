import type { Knex } from 'knex'

/**
 * Requests for documents from the firm to its client (issue 34): a missing receipt for a bank transaction, a
 * document by description, or an answer to a question. Created here on its own so that the firm dashboard and the
 * month check can count open and overdue requests while the requests service is built beside them.
 * - `status`: open → answered (the client uploaded or wrote) → closed (staff); staff may close an open one too.
 * - `bank_transaction_id`: the unmatched movement the request asks a receipt for (its amount, date and counterparty
 *   are shown from there); `document_id`: the client's upload that answers it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_requests', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable()
    t.text('kind').notNullable().defaultTo('document')
    t.text('text').notNullable()
    t.date('due_date').notNullable()
    t.text('status').notNullable().defaultTo('open')
    t.integer('bank_transaction_id').references('bank_transactions.id').onDelete('SET NULL')
    t.integer('document_id').references('documents.id').onDelete('SET NULL')
    t.text('answer')
    t.uuid('created_by')
    t.text('created_by_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.uuid('answered_by')
    t.timestamp('answered_at', { useTz: true })
    t.uuid('closed_by')
    t.timestamp('closed_at', { useTz: true })
  })
  await knex.raw(`alter table document_requests add constraint document_requests_status_check check (status in ('open', 'answered', 'closed'))`)
  await knex.raw(`alter table document_requests add constraint document_requests_kind_check check (kind in ('transaction', 'document', 'question'))`)
  // The dashboard's and the month check's counts: a company's requests that are not closed, by due date.
  await knex.raw(`create index document_requests_open_idx on document_requests (company_no, due_date) where status <> 'closed'`)
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('document_requests')
}
