import type { Knex } from 'knex'

/**
 * Invoice lists filtered and sorted at firm scale (issue 37, `npm run bench -- scale`; the plans before and after are in
 * docs/operations.md):
 * - statistics on the Confirmed bit `(status & 1)`: without them PostgreSQL takes a view's condition on it to keep half
 *   a percent of the rows (211 of a large client's 36,941 confirmed incoming invoices) and reads every match from the
 *   table (a bitmap heap scan, one table page per document) instead of answering from the view index;
 * - the view index also holds the columns the lists filter by (party, amount, invoice date, processing state,
 *   aggregated), so a filtered view's count and the choice of its page (any sort) are index-only scans; only the page's
 *   rows are read from the table (`findPage`'s `pageByIds`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create statistics documents_confirmed_bit_stats on ((status & 1)) from documents')
  await knex.raw('drop index documents_view_idx')
  await knex.raw(
    `create index documents_view_idx on documents (company_no, document_type, (status & 1), created_at desc, id desc)
       include (status, party_name, total_gross, invoice_date, processing_state, aggregated) where deleted_at is null and not in_editor`,
  )
  await knex.raw('analyze documents')
}

/** Puts back migration 032's view index and drops the statistics. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists documents_view_idx')
  await knex.raw(
    'create index documents_view_idx on documents (company_no, document_type, (status & 1), created_at desc, id desc) include (status) where deleted_at is null and not in_editor',
  )
  await knex.raw('drop statistics if exists documents_confirmed_bit_stats')
}
