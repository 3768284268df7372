import type { Knex } from 'knex'

/**
 * Account security (issue 20).
 * - `user_totp`: one authenticator app per user; the secret AES-GCM encrypted (security/secret-box.ts), `confirmed_at`
 *   null while set-up waits for the first code, `last_step` the last accepted time step (a code works once).
 * - `user_recovery_codes`: ten one-time codes, stored as SHA-256 only; `used_at` once spent.
 * - `user_passkeys`: WebAuthn credentials (several per user, named), public key and signature counter.
 * - `sign_in_challenges`: what a sign-in in progress (one provider interaction) still owes: the account whose
 *   password was right, the WebAuthn challenge of the page; also the challenges of passkey registration.
 * - `account_sessions`: device activity per provider grant (one sign-in of a browser or of the CLI): device,
 *   address, first and last activity; ending one revokes the grant.
 * - `second_factor_policy`: the firm requires a second factor of everyone ('all') or of holders of a permission.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_totp', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE')
    t.text('secret_encrypted').notNullable()
    t.bigInteger('last_step')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('confirmed_at', { useTz: true })
  })
  await knex.schema.createTable('user_recovery_codes', (t) => {
    t.increments('id').primary()
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.text('code_hash').notNullable()
    t.timestamp('used_at', { useTz: true })
    t.unique(['user_id', 'code_hash'])
  })
  await knex.schema.createTable('user_passkeys', (t) => {
    t.text('id').primary() // the credential id, base64url
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.text('name').notNullable()
    t.text('public_key').notNullable() // base64url COSE key
    t.bigInteger('counter').notNullable().defaultTo(0)
    t.specificType('transports', 'text[]').notNullable().defaultTo('{}')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('last_used_at', { useTz: true })
    t.index(['user_id'])
  })
  await knex.schema.createTable('sign_in_challenges', (t) => {
    t.text('key').primary() // interaction uid, or `register:<user id>`
    t.uuid('user_id').references('users.id').onDelete('CASCADE')
    t.text('challenge')
    t.timestamp('expires_at', { useTz: true }).notNullable()
  })
  await knex.schema.createTable('account_sessions', (t) => {
    t.text('grant_id').primary()
    t.text('account_id').notNullable() // users.keycloak_id
    t.text('client_id').notNullable()
    t.text('user_agent')
    t.text('ip')
    t.timestamp('first_seen', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('last_seen', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['account_id'])
  })
  await knex.schema.createTable('second_factor_policy', (t) => {
    t.text('scope').primary() // 'all' or a permission code
    t.uuid('set_by')
    t.timestamp('set_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['second_factor_policy', 'account_sessions', 'sign_in_challenges', 'user_passkeys', 'user_recovery_codes', 'user_totp']) {
    await knex.schema.dropTableIfExists(table)
  }
}
