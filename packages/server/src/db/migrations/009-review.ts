import type { Knex } from 'knex'

/**
 * The review (issue 11): a version per document for optimistic concurrency, the other party's name for the lists,
 * indexes that keep a view's first page fast with 10,000 documents in a company, the append-only document history,
 * and who has a document open (presence).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('documents', (t) => {
    // Bumped by every change (models/documents updateDocument); writes name the version they saw.
    t.integer('version').notNullable().defaultTo(1)
    // The supplier of an incoming document, the customer of an outgoing one (seller_name / buyer_name).
    t.text('party_name')
  })
  await knex.raw(`
    update documents d set party_name = (
      select c.value from document_candidates c
      where c.document_id = d.id and c.chosen and c.field = case when d.document_type = 'AR' then 'buyer_name' else 'seller_name' end
      order by c.id limit 1)`)
  // The views (models/documents/lists.ts whereView): company, kind, confirmed or not, newest first. The Confirmed bit is
  // written as the same literal expression the list queries use, so the planner matches it.
  await knex.raw(`
    create index documents_view_idx on documents (company_no, document_type, ((status & 1) <> 0), created_at desc, id desc)
    where deleted_at is null and not in_editor`)
  await knex.raw(`create index documents_trash_idx on documents (company_no, deleted_at desc, id desc) where deleted_at is not null`)
  await knex.raw(`create index documents_view_date_idx on documents (company_no, document_type, invoice_date) where deleted_at is null and not in_editor`)

  await knex.schema.createTable('document_history', (t) => {
    t.bigIncrements('id').primary()
    // No foreign key: the history outlives a purged document (the audit entry stays).
    t.integer('document_id').notNullable()
    t.integer('company_no').notNullable()
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // No foreign key either: removing a user must not rewrite (or be blocked by) append-only rows.
    t.uuid('user_id')
    // A snapshot of the name, so the entry still says who after the user is gone.
    t.text('user_name')
    t.text('action').notNullable()
    t.text('field')
    t.text('old_value')
    t.text('new_value')
    t.smallint('source')
    t.integer('version').notNullable()
    t.index(['document_id', 'id'])
  })
  // Append-only: an audit row is never changed or deleted (BAO §131/§132 keep records unaltered).
  await knex.raw(`
    create function document_history_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'document_history is append-only';
    end $$`)
  await knex.raw(`
    create trigger document_history_append_only before update or delete on document_history
    for each row execute function document_history_append_only()`)

  await knex.schema.createTable('document_presence', (t) => {
    t.integer('document_id').notNullable().references('documents.id').onDelete('CASCADE')
    t.integer('company_no').notNullable()
    // The keycloak id: one presence per person and document (several tabs share it).
    t.text('user_key').notNullable()
    t.text('name').notNullable()
    t.boolean('editing').notNullable().defaultTo(false)
    // The server instance and socket that holds it, so a closed socket ends its presences.
    t.text('connection_key')
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.primary(['document_id', 'user_key'])
    t.index(['connection_key'])
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('document_presence')
  await knex.schema.dropTableIfExists('document_history')
  await knex.raw('drop function if exists document_history_append_only()')
  await knex.raw('drop index if exists documents_view_idx')
  await knex.raw('drop index if exists documents_trash_idx')
  await knex.raw('drop index if exists documents_view_date_idx')
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumns('version', 'party_name')
  })
}
