import type { Knex } from 'knex'

/** What people taught per supplier: where fields stand on its documents, and its booking defaults. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('supplier_memory', (t) => {
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    // vat:ATU…, iban:AT…, or name:… (see documents/supplier-memory.ts supplierKeys)
    t.text('supplier_key').notNullable()
    t.text('field').notNullable()
    t.integer('page').notNullable()
    t.jsonb('box').notNullable()
    t.text('label').notNullable().defaultTo('')
    t.integer('taught_by_document').references('documents.id').onDelete('SET NULL')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.primary(['company_no', 'supplier_key', 'field'])
  })
  await knex.schema.createTable('supplier_defaults', (t) => {
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    t.text('supplier_key').notNullable()
    t.integer('account_number')
    t.text('cost_center')
    t.text('tax_code')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.primary(['company_no', 'supplier_key'])
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('supplier_defaults')
  await knex.schema.dropTableIfExists('supplier_memory')
}
