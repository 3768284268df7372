import type { Knex } from 'knex'

/**
 * The documents table: one row per uploaded or scanned document of a client company, with the invoice
 * fields of SPEC §3. Money is numeric (exact), dates are dates, timestamps carry zones. The documents
 * issue extends it (pages, candidates, bookings) in later migrations.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('documents', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    // ER incoming invoice, AR outgoing invoice, KA cash-book receipt, Other; unconfirmed = status without Confirmed.
    t.text('document_type').notNullable().defaultTo('ER')
    // Document group / category code (SPEC §3 category list); null until labelled.
    t.smallint('category')
    // Status bit flags of SPEC §3: Confirmed 1, Booked 2, ERPImported 4, ERPError 8, ERPInfo 16, BadRendering 128, Broken 32768.
    t.integer('status').notNullable().defaultTo(0)
    t.specificType('sha256', 'char(64)').notNullable()
    t.text('file_name').notNullable()
    t.text('mime').notNullable()
    t.integer('pages').notNullable().defaultTo(0)
    t.bigInteger('size').notNullable().defaultTo(0)
    t.uuid('created_by').references('users.id').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // queued, processing, done, failed: where the extraction pipeline stands.
    t.text('processing_state').notNullable().defaultTo('queued')
    t.text('processing_error')
    t.text('full_text')
    // True once the aggregator derived the current field values from the extractors' candidates.
    t.boolean('aggregated').notNullable().defaultTo(false)
    // Documents sent to the document editor (scanner batches, several invoices in one file).
    t.boolean('in_editor').notNullable().defaultTo(false)
    // When the editor's accumulator finished the document; null while it waits there.
    t.timestamp('is_processed_documents_accumulator', { useTz: true })
    t.timestamp('deleted_at', { useTz: true })
    t.timestamp('booked_at', { useTz: true })
    // Invoice fields (SPEC §3 "Document fields").
    t.text('document_group')
    t.date('invoice_date')
    t.text('invoice_number')
    t.decimal('total_gross', 15, 2)
    t.specificType('currency', 'char(3)').notNullable().defaultTo('EUR')
    t.integer('accounting')
    t.integer('account_number')
    t.text('accounting_text')
    t.text('period')
    t.boolean('small_business').notNullable().defaultTo(false)
    t.text('vat_id')
    t.text('register_no')
    // bank_transaction, sepa_direct_debit, cash, credit_card
    t.text('payment_method')
    t.date('payment_date')
    t.date('due_date')
    t.date('discount_due_date')
    t.date('accrual_start')
    t.date('accrual_end')
    t.integer('counter_account')
    t.decimal('taxable_amount', 15, 2)
    t.decimal('tax_rate', 5, 2)
    t.decimal('tax_amount', 15, 2)
    t.text('tax_code')
    t.text('cost_center')
    t.boolean('business_lunch').notNullable().defaultTo(false)
    t.text('business_lunch_reason')
    t.text('business_lunch_participants')
    // partial_statement, final_settlement, down_payment
    t.text('settlement_kind')
    t.index(['company_no', 'document_type', 'status'])
    t.index(['company_no', 'created_at'])
  })
  await knex.raw(
    `alter table documents add constraint documents_type_check check (document_type in ('ER', 'AR', 'KA', 'Other'))`,
  )
  await knex.raw(
    `alter table documents add constraint documents_payment_method_check check (payment_method is null or payment_method in ('bank_transaction', 'sepa_direct_debit', 'cash', 'credit_card'))`,
  )
  await knex.raw(
    `alter table documents add constraint documents_settlement_kind_check check (settlement_kind is null or settlement_kind in ('partial_statement', 'final_settlement', 'down_payment'))`,
  )
  // A stored vector keeps full-text ranking fast (DESIGN.md performance notes); GIN indexes it.
  await knex.raw(
    `alter table documents add column full_text_tsv tsvector generated always as (to_tsvector('german', coalesce(full_text, ''))) stored`,
  )
  await knex.raw('create index documents_full_text_tsv_idx on documents using gin (full_text_tsv)')
  // The same file once per company, unless the earlier copy sits in the trash.
  await knex.raw(
    'create unique index documents_company_sha256_idx on documents (company_no, sha256) where deleted_at is null',
  )
  // The editor badge counts waiting documents over all of a user's companies.
  await knex.raw(
    'create index documents_editor_waiting_idx on documents (company_no) where in_editor and is_processed_documents_accumulator is null and deleted_at is null',
  )
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('documents')
}
