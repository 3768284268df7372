import type { Knex } from 'knex'

/**
 * The step-up (issue 30): a session (provider grant) whose user proved the password and the second factor afresh may
 * change the sign-in methods until `expires_at`. One row per grant; a new proof replaces it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('step_up_grants', (t) => {
    t.text('grant_id').primary()
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.index(['user_id'])
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('step_up_grants')
}
