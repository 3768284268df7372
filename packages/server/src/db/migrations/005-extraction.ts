import type { Knex } from 'knex'

/** Extraction results: page texts and every candidate value with its source, kept beside the documents. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    // pdf, jpeg, png, tiff, xml-ubl, xml-cii, xml-ebinterface (recognised by content)
    t.text('file_kind')
    // An earlier document of the same supplier with the same invoice number (probable duplicate).
    t.integer('duplicate_of').references('documents.id').onDelete('SET NULL')
    // Suggested page ranges when one PDF holds several invoices (SPEC §1: one invoice per PDF).
    t.jsonb('split_suggestion')
    t.text('seller_vat_id')
    t.text('buyer_vat_id')
    t.text('iban')
    t.decimal('total_net', 15, 2)
    t.integer('job_id')
  })
  await knex.schema.createTable('document_pages', (t) => {
    t.integer('document_id').notNullable().references('documents.id').onDelete('CASCADE')
    t.integer('page_no').notNullable()
    t.text('text').notNullable().defaultTo('')
    t.boolean('has_text_layer').notNullable().defaultTo(false)
    t.float('width')
    t.float('height')
    t.primary(['document_id', 'page_no'])
  })
  await knex.schema.createTable('document_candidates', (t) => {
    t.bigIncrements('id').primary()
    t.integer('document_id').notNullable().references('documents.id').onDelete('CASCADE')
    t.text('field').notNullable()
    // Scalar values as text (money as exact decimal strings); tax breakdowns as JSON text.
    t.text('value').notNullable()
    // Data-source code of SPEC §3 (PDF_Parse 2, OCR 7, Human_Labeling 9, …).
    t.smallint('source').notNullable()
    t.float('confidence').notNullable()
    t.integer('page')
    t.jsonb('box')
    t.text('label')
    // True for the candidate the aggregator chose as the field's current value.
    t.boolean('chosen').notNullable().defaultTo(false)
    t.uuid('created_by').references('users.id').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['document_id', 'field'])
  })
  await knex.raw(
    `create index documents_supplier_invoice_idx on documents (company_no, seller_vat_id, invoice_number) where deleted_at is null`,
  )
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('document_candidates')
  await knex.schema.dropTableIfExists('document_pages')
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumns('file_kind', 'duplicate_of', 'split_suggestion', 'seller_vat_id', 'buyer_vat_id', 'iban', 'total_net', 'job_id')
  })
}
