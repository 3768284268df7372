import type { Knex } from 'knex'

/**
 * User administration: the audit log (001-core's table) becomes the general, append-only record of administrative
 * changes with who, what for whom and the values before and after; which staff member is responsible for which
 * client company; one-time password links; and a place for a user's second factor that an administrator can reset.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (t) => {
    // The actor's name as it read at that moment (a deleted user's entries still say who it was).
    t.text('actor_name')
    // The target's label then (e.g. the user's e-mail), for the same reason.
    t.text('target_label')
    t.jsonb('before')
    t.jsonb('after')
    t.index(['entity', 'entity_id', 'id'])
    t.index(['user_id', 'id'])
  })
  // Append-only: an audit row, once written, is never changed or deleted.
  await knex.raw(`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end $$`)
  await knex.raw(`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`)

  await knex.schema.createTable('client_responsibility', (t) => {
    t.integer('company_no').primary().references('companies.company_no').onDelete('CASCADE')
    // A deleted staff member's companies fall back to nobody.
    t.uuid('staff_id').notNullable().references('users.id').onDelete('CASCADE')
    t.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['staff_id'])
  })

  await knex.schema.createTable('password_setup_tokens', (t) => {
    // SHA-256 of the token: the link is a credential and is never stored.
    t.specificType('token_hash', 'char(64)').primary()
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
    // 'setup' (new user) or 'reset' (an administrator's reset)
    t.text('purpose').notNullable()
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.timestamp('used_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['user_id'])
  })

  await knex.schema.alterTable('users', (t) => {
    // A second factor the account-security page stores (e.g. an authenticator secret); null = none set up.
    t.jsonb('second_factor')
  })
  // The bulk change looks users up by e-mail, case-insensitively; the user list filters by permission.
  await knex.raw('create index users_email_lower on users (lower(email))')
  await knex.raw('create index users_permissions on users using gin (permissions)')
  await knex.raw('create index users_last_name on users (last_name, first_name)')
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists users_last_name')
  await knex.raw('drop index if exists users_permissions')
  await knex.raw('drop index if exists users_email_lower')
  await knex.schema.alterTable('users', (t) => t.dropColumn('second_factor'))
  await knex.schema.dropTableIfExists('password_setup_tokens')
  await knex.schema.dropTableIfExists('client_responsibility')
  await knex.raw('drop trigger if exists audit_log_append_only on audit_log')
  await knex.raw('drop function if exists audit_log_append_only()')
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropIndex(['entity', 'entity_id', 'id'])
    t.dropIndex(['user_id', 'id'])
    t.dropColumns('actor_name', 'target_label', 'before', 'after')
  })
}
