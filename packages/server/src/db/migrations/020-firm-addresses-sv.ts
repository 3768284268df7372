import type { Knex } from 'knex'

/**
 * The firm's own records (issue 21): the tax firm (one row; the WEBEKU password sealed with AES-256-GCM), the
 * address register with the last VAT id check, and the health insurer's contribution accounts with their
 * transactions, authorizations and import runs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('firm', (t) => {
    t.text('id').primary()
    t.text('name').notNullable()
    t.integer('ntcs_id').notNullable()
    t.text('webeku_user').notNullable()
    // iv.tag.ciphertext (security/secret-box.ts); never read back out of the server.
    t.text('webeku_password_sealed')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('addresses', (t) => {
    t.increments('id').primary()
    t.text('name').notNullable()
    t.text('street').notNullable().defaultTo('')
    t.text('zip').notNullable().defaultTo('')
    t.text('town').notNullable().defaultTo('')
    t.text('country').notNullable().defaultTo('')
    t.text('rpa_id').notNullable().defaultTo('')
    t.text('vat_id').notNullable().defaultTo('')
    // The VAT id without spaces and in capitals; unique when set, so two entries never share one.
    t.text('vat_id_key')
    t.text('vat_check_vat_id')
    t.text('vat_check_state')
    t.text('vat_check_message')
    t.text('vat_check_name')
    t.text('vat_check_address')
    t.timestamp('vat_checked_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw('create unique index addresses_vat_id_key on addresses (vat_id_key) where vat_id_key is not null')
  await knex.raw('create index addresses_name_lower on addresses (lower(name))')
  await knex.schema.createTable('sv_accounts', (t) => {
    t.increments('id').primary()
    t.text('account_number').notNullable().unique()
    t.text('partner_name').notNullable()
    t.text('kassa_mandant')
    t.decimal('saldo', 14, 2).notNullable().defaultTo(0)
    // The client company (import column klient); not a foreign key: the export may name clients the portal lacks.
    t.integer('company_no')
    // Every other field of SPEC §3, by its column name.
    t.jsonb('details').notNullable()
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('sv_transactions', (t) => {
    t.increments('id').primary()
    t.integer('account_id').notNullable().references('id').inTable('sv_accounts').onDelete('CASCADE')
    t.date('buchungs_datum').notNullable()
    t.date('wertstellungs_datum')
    t.text('buchungstext').notNullable()
    t.text('beitragszeitraum')
    t.decimal('soll', 14, 2)
    t.decimal('haben', 14, 2)
    t.text('buchungszustand')
    t.index(['account_id', 'buchungs_datum'])
  })
  await knex.schema.createTable('sv_authorizations', (t) => {
    t.increments('id').primary()
    t.integer('account_id').notNullable().references('id').inTable('sv_accounts').onDelete('CASCADE')
    t.text('bevollmaechtigter').notNullable()
    t.text('bevollmaechtigter_name')
    t.text('bezeichnung')
    t.boolean('einsicht_kontoinformationen').notNullable().defaultTo(false)
    t.boolean('einsicht_clearing_faelle').notNullable().defaultTo(false)
    t.text('vollmacht_name')
    t.text('vollmacht_strasse_hausnummer')
    t.text('vollmacht_postleitzahl')
    t.text('vollmacht_postort')
    t.text('vollmacht_land')
    t.date('gueltig_bis')
    t.index(['account_id'])
  })
  await knex.schema.createTable('sv_imports', (t) => {
    t.increments('id').primary()
    t.text('kind').notNullable()
    t.text('file_name').notNullable()
    t.text('state').notNullable()
    t.integer('progress').notNullable().defaultTo(0)
    t.integer('rows').notNullable().defaultTo(0)
    t.jsonb('problem')
    t.text('error')
    // The uploaded file until its job has run.
    t.binary('content')
    t.uuid('created_by')
    t.text('created_by_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('finished_at', { useTz: true })
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['sv_imports', 'sv_authorizations', 'sv_transactions', 'sv_accounts', 'addresses', 'firm']) await knex.schema.dropTableIfExists(table)
}
