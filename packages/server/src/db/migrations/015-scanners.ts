import type { Knex } from 'knex'

/**
 * Scanners and e-mail intake (issue 14): registered scanners with the hash of their token, the users assigned to
 * them and their delivery counts; each company's e-mail intake (on or off, allowed senders); and the intake log,
 * one row per received mail with what became of each attachment.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scanners', (t) => {
    t.increments('id').primary()
    t.text('location').notNullable()
    t.integer('company_no').notNullable().references('companies.company_no').onDelete('CASCADE')
    t.boolean('activated').notNullable().defaultTo(true)
    // SHA-256 of the token, hex; null once revoked. The token itself is shown once and never stored.
    t.text('token_hash').unique()
    t.timestamp('token_issued_at', { useTz: true })
    t.timestamp('last_seen', { useTz: true })
    // Documents delivered on `count_day` (reset on the first delivery of a new day) and ever.
    t.date('count_day')
    t.integer('documents_today').notNullable().defaultTo(0)
    t.integer('documents_total').notNullable().defaultTo(0)
    // The last refusal or failure as an i18n key with parameters: { key, params }.
    t.jsonb('last_error')
    t.timestamp('last_error_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['company_no'])
  })
  await knex.schema.createTable('scanner_users', (t) => {
    t.integer('scanner_id').notNullable().references('scanners.id').onDelete('CASCADE')
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.primary(['scanner_id', 'user_id'])
  })
  await knex.schema.createTable('intake_settings', (t) => {
    t.integer('company_no').primary().references('companies.company_no').onDelete('CASCADE')
    t.boolean('enabled').notNullable().defaultTo(false)
    // Whole addresses or '@domain'; empty: anyone may send.
    t.specificType('allowed_senders', 'text[]').notNullable().defaultTo('{}')
  })
  await knex.schema.createTable('intake_log', (t) => {
    t.bigIncrements('id').primary()
    // Null when the address named no company.
    t.integer('company_no')
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.text('channel').notNullable()
    t.text('sender').notNullable()
    t.text('recipient').notNullable()
    t.text('subject').notNullable()
    t.jsonb('attachments').notNullable()
    t.text('result').notNullable()
    t.jsonb('reason')
    t.index(['company_no', 'at'])
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  for (const table of ['intake_log', 'intake_settings', 'scanner_users', 'scanners']) await knex.schema.dropTableIfExists(table)
}
