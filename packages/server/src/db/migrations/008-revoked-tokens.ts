import type { Knex } from 'knex'

/** Identity tokens ended by logout, refused by every server instance until they expire. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('revoked_tokens', (t) => {
    // SHA-256 of the token: the token itself is a credential and is never stored.
    t.specificType('token_hash', 'char(64)').primary()
    t.timestamp('expires_at', { useTz: true }).notNullable().index()
  })
}

/** Drops the table. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('revoked_tokens')
}
