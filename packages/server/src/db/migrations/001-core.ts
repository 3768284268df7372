import type { Knex } from 'knex'

/** Firms, client companies, users and the per-company accounting master data of SPEC §3. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('firms', (t) => {
    t.increments('id').primary()
    t.text('name').notNullable()
    t.integer('ntcs_id')
    t.text('webeku_user')
    t.text('webeku_password')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('companies', (t) => {
    t.integer('company_no').primary()
    t.integer('firm_id').notNullable().references('firms.id')
    t.text('company_name').notNullable()
    t.text('company_place').notNullable()
    t.integer('current_accounting').notNullable()
    t.text('vat_id')
    t.text('iban')
    t.text('register_no')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'))
    t.text('keycloak_id').notNullable().unique()
    t.text('username').notNullable().unique()
    t.text('email').notNullable().unique()
    t.text('first_name').notNullable().defaultTo('')
    t.text('last_name').notNullable().defaultTo('')
    t.text('tel_nr')
    t.text('locale').notNullable().defaultTo('en')
    t.integer('fav_client')
    t.specificType('permissions', 'text[]').notNullable().defaultTo('{}')
    // 'assigned': only user_clients rows with mode assigned; 'all': every company except excluded rows.
    t.text('client_access').notNullable().defaultTo('assigned')
    t.boolean('enabled').notNullable().defaultTo(true)
    t.boolean('mobile_app').notNullable().defaultTo(false)
    t.text('password_hash')
    t.timestamp('last_login', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('user_clients', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    t.text('mode').notNullable().defaultTo('assigned')
    t.primary(['user_id', 'company_no'])
  })
  await knex.schema.createTable('accounting_periods', (t) => {
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    t.integer('accounting').notNullable()
    t.date('start_date').notNullable()
    t.date('end_date').notNullable()
    t.primary(['company_no', 'accounting'])
  })
  await knex.schema.createTable('accounts', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    t.integer('accounting').notNullable()
    t.integer('account').notNullable()
    t.text('name').notNullable()
    // 2 customer, 3 supplier, 4 both (SPEC §9: supplier types 3,4; customer types 2,4)
    t.smallint('type').notNullable()
    t.text('vat_id')
    t.text('iban')
    t.text('street')
    t.text('zip')
    t.text('town')
    t.text('country')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['company_no', 'accounting', 'account'])
    t.index(['company_no', 'accounting', 'type'])
  })
  await knex.schema.createTable('expense_accounts', (t) => {
    t.increments('id').primary()
    // null company_no and accounting: the default list every company sees
    t.integer('company_no').references('companies.company_no').onDelete('CASCADE')
    t.integer('accounting')
    t.integer('account').notNullable()
    t.text('name').notNullable()
    t.text('tax_code')
    t.index(['company_no', 'accounting'])
  })
  await knex.schema.createTable('cost_centers', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    t.integer('accounting').notNullable()
    t.text('code').notNullable()
    t.text('name').notNullable()
    t.unique(['company_no', 'accounting', 'code'])
  })
  await knex.schema.createTable('books', (t) => {
    t.increments('id').primary()
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    t.integer('accounting').notNullable()
    t.text('code').notNullable()
    t.text('name').notNullable()
    t.unique(['company_no', 'accounting', 'code'])
  })
  await knex.schema.createTable('company_settings', (t) => {
    t.integer('company_no').primary().references('companies.company_no').onDelete('CASCADE')
    t.boolean('show_cash_book').notNullable().defaultTo(false)
    t.boolean('small_business').notNullable().defaultTo(false)
    t.boolean('use_gross_amounts').notNullable().defaultTo(false)
  })
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id').primary()
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.uuid('user_id')
    t.integer('company_no')
    t.text('action').notNullable()
    t.text('entity').notNullable()
    t.text('entity_id')
    t.jsonb('detail')
    t.index(['company_no', 'at'])
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'audit_log',
    'company_settings',
    'books',
    'cost_centers',
    'expense_accounts',
    'accounts',
    'accounting_periods',
    'user_clients',
    'users',
    'companies',
    'firms',
  ]) {
    await knex.schema.dropTableIfExists(table)
  }
}
