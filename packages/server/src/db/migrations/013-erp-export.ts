import type { Knex } from 'knex'

/**
 * The ERP export (issue 12).
 * - erp_export_settings: per company, what the target systems need beyond the bookings: DATEV's consultant and client
 *   numbers, account length and fiscal-year start, and through which period the ERP is closed (bookings of closed
 *   periods are refused before export).
 * - erp_export_batches: every batch, kept: its range, format, status (exported → imported, or revoked), who and when,
 *   the booking file as written (so the download is the same bytes even after the firm's tax code table changed) and
 *   the ZIP's size and SHA-256.
 * - erp_export_items: the bookings of a batch, the name their document has in the ZIP and what the ERP said of each.
 *   A booking is in at most one batch that is not revoked (partial unique index on `active`).
 * - documents.erp_message: the ERP's message for the document from the last import result file (ERPError/ERPInfo).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('erp_export_settings', (t) => {
    t.integer('company_no').primary().references('companies.company_no').onDelete('CASCADE')
    t.integer('datev_consultant_no')
    t.integer('datev_client_no')
    // DATEV Sachkontenlänge: 5 fits Austrian 4-digit ledger and 6-digit supplier/customer numbers.
    t.smallint('account_length').notNullable().defaultTo(5)
    t.smallint('fiscal_year_start_month').notNullable().defaultTo(1)
    t.text('closed_through')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`alter table erp_export_settings add constraint erp_export_settings_ranges check (
    account_length between 4 and 8 and fiscal_year_start_month between 1 and 12
    and (datev_consultant_no is null or datev_consultant_no between 1001 and 9999999)
    and (datev_client_no is null or datev_client_no between 1 and 99999)
    and (closed_through is null or closed_through ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'))`)
  await knex.schema.createTable('erp_export_batches', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable()
    t.text('format').notNullable()
    t.date('date_from').notNullable()
    t.date('date_to').notNullable()
    t.text('period')
    t.text('status').notNullable().defaultTo('exported')
    t.integer('bookings').notNullable()
    t.integer('lines').notNullable()
    t.integer('documents').notNullable()
    t.text('booking_file_name').notNullable()
    t.binary('booking_file').notNullable()
    t.text('zip_name').notNullable()
    t.bigInteger('zip_size').notNullable()
    t.text('zip_sha256').notNullable()
    t.uuid('created_by')
    t.text('created_by_name')
    t.timestamp('created_at', { useTz: true }).notNullable()
    t.uuid('imported_by')
    t.text('imported_by_name')
    t.timestamp('imported_at', { useTz: true })
    t.uuid('revoked_by')
    t.text('revoked_by_name')
    t.timestamp('revoked_at', { useTz: true })
    t.index(['company_no', 'created_at'])
  })
  await knex.raw(`alter table erp_export_batches add constraint erp_export_batches_format_check check (format in ('bmd', 'datev', 'csv', 'json'))`)
  await knex.raw(`alter table erp_export_batches add constraint erp_export_batches_status_check check (status in ('exported', 'imported', 'revoked'))`)
  await knex.schema.createTable('erp_export_items', (t) => {
    t.increments('id').primary()
    t.integer('batch_id').notNullable().references('erp_export_batches.id').onDelete('CASCADE')
    t.integer('booking_id').notNullable().references('bookings.id')
    t.integer('booking_no').notNullable()
    t.integer('document_id').notNullable()
    // The document's file in the ZIP ('documents/12.pdf') and its content address, so the ZIP is rebuilt the same.
    t.text('file_name').notNullable()
    t.text('sha256').notNullable()
    t.boolean('active').notNullable().defaultTo(true)
    t.text('erp_status').notNullable().defaultTo('pending')
    t.text('erp_message')
    t.timestamp('result_at', { useTz: true })
    t.index(['batch_id'])
    t.index(['document_id'])
  })
  await knex.raw(`alter table erp_export_items add constraint erp_export_items_status_check check (erp_status in ('pending', 'imported', 'error', 'info'))`)
  await knex.raw('create unique index erp_export_items_active_booking_idx on erp_export_items (booking_id) where active')
  await knex.schema.alterTable('documents', (t) => {
    t.text('erp_message')
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumn('erp_message')
  })
  await knex.schema.dropTableIfExists('erp_export_items')
  await knex.schema.dropTableIfExists('erp_export_batches')
  await knex.schema.dropTableIfExists('erp_export_settings')
}
