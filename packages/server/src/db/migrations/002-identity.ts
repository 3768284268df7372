import type { Knex } from 'knex'

/** Tables of the embedded identity provider: its stored artefacts, its keys, and failed sign-in counters. */
export async function up(knex: Knex): Promise<void> {
  // Sessions, grants, codes, tokens, interactions: one row per oidc-provider model instance.
  await knex.schema.createTable('oidc_payloads', (t) => {
    t.text('model').notNullable()
    t.text('id').notNullable()
    t.jsonb('payload').notNullable()
    t.text('grant_id')
    t.text('user_code')
    t.text('uid')
    t.timestamp('expires_at', { useTz: true })
    t.timestamp('consumed_at', { useTz: true })
    t.primary(['model', 'id'])
    t.index(['grant_id'])
    t.index(['user_code'])
    t.index(['uid'])
    t.index(['expires_at'])
  })
  // Signing keys and cookie keys, shared by every instance on the same database and kept across restarts.
  await knex.schema.createTable('oidc_secrets', (t) => {
    t.text('name').primary()
    t.jsonb('value').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  // Brute-force detection: one row per account ("account:<id>") and per address ("ip:<address>").
  await knex.schema.createTable('login_failures', (t) => {
    t.text('key').primary()
    t.integer('failures').notNullable().defaultTo(0)
    t.timestamp('last_failure', { useTz: true }).notNullable()
    t.timestamp('locked_until', { useTz: true })
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  for (const table of ['login_failures', 'oidc_secrets', 'oidc_payloads']) await knex.schema.dropTableIfExists(table)
}
