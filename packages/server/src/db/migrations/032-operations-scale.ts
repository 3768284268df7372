import type { Knex } from 'knex'

/**
 * Operations at firm scale (issue 37, measured with `npm run bench -- scale` on a million documents; the plans before
 * and after are in docs/operations.md):
 * - the request id a queued job carries from the call that queued it (its log lines join that call's on whichever
 *   instance runs it), and an index over the jobs not done yet, which the metrics' queue gauges read on every scrape
 *   (done jobs pile up: a million documents leave a million done jobs);
 * - the invoice views' index also holds `status`, so a view's count (its badge) is an index-only scan instead of a
 *   read of every document of the view from the table (PostgreSQL does not answer `status & 1` from the expression);
 * - the index by company, kind and status holds what the badge counts and the months of Other documents read
 *   (in_editor, deleted_at, invoice_date, created_at), so those are index-only scans too;
 * - documents by content hash alone: the start-up sweep of the document store asks which of 500 files have a row,
 *   which read the whole table per batch.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.text('request_id')
  })
  await knex.raw(`create index jobs_open_idx on jobs (kind, state, created_at) where state <> 'done'`)
  await knex.raw('drop index documents_view_idx')
  await knex.raw(
    'create index documents_view_idx on documents (company_no, document_type, (status & 1), created_at desc, id desc) include (status) where deleted_at is null and not in_editor',
  )
  await knex.raw('drop index documents_company_no_document_type_status_index')
  await knex.raw('create index documents_counts_idx on documents (company_no, document_type, status) include (in_editor, deleted_at, invoice_date, created_at)')
  await knex.raw('create index documents_sha256_idx on documents (sha256)')
}

/** Drops what up created and puts back the indexes it replaced. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists documents_sha256_idx')
  await knex.raw('drop index if exists documents_counts_idx')
  await knex.raw('create index documents_company_no_document_type_status_index on documents (company_no, document_type, status)')
  await knex.raw('drop index if exists documents_view_idx')
  await knex.raw(
    'create index documents_view_idx on documents (company_no, document_type, (status & 1), created_at desc, id desc) where deleted_at is null and not in_editor',
  )
  await knex.raw('drop index if exists jobs_open_idx')
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('request_id')
  })
}
