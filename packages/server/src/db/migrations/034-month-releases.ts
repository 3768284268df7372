import type { Knex } from 'knex'

/**
 * The month check and the firm dashboard (issue 34).
 * - `month_releases`: a client's "everything is in" for one month of a company (YYYY-MM), who and when; withdrawing
 *   sets `withdrawn_at` (kept, never deleted: the audit log tells the story, this table the state). At most one living
 *   release per company and month.
 * - Indexes for the dashboard's one query over all the caller's companies: the bank movements of a company that no
 *   living match settles, the living matches by movement, the export batches not revoked by company, and the open
 *   requests (migration 030's index) are each read by company in one pass.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('month_releases', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable()
    t.text('month').notNullable()
    t.uuid('released_by')
    t.text('released_by_name')
    t.timestamp('released_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.uuid('withdrawn_by')
    t.text('withdrawn_by_name')
    t.timestamp('withdrawn_at', { useTz: true })
  })
  await knex.raw(`alter table month_releases add constraint month_releases_month_check check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')`)
  await knex.raw('create unique index month_releases_living_idx on month_releases (company_no, month) where withdrawn_at is null')
  await knex.raw('create index bank_matches_living_idx on bank_matches (transaction_id) where undone_at is null')
  await knex.raw(`create index erp_export_batches_living_idx on erp_export_batches (company_no, date_to) include (period, date_from) where status <> 'revoked'`)
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists erp_export_batches_living_idx')
  await knex.raw('drop index if exists bank_matches_living_idx')
  await knex.schema.dropTableIfExists('month_releases')
}
