import type { Knex } from 'knex'

/**
 * The view index of 009 spelled the Confirmed test as `((status & 1) <> 0)`, which the planner rewrites before it looks
 * for an index, so the lists scanned the company's rows (18 ms for a first page of 10,000 documents on PGlite). Index
 * the bit itself, `(status & 1)`, which the lists compare with = 0 or = 1 (models/documents/lists.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists documents_view_idx')
  await knex.raw(`
    create index documents_view_idx on documents (company_no, document_type, (status & 1), created_at desc, id desc)
    where deleted_at is null and not in_editor`)
}

/** Puts 009's index back. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists documents_view_idx')
  await knex.raw(`
    create index documents_view_idx on documents (company_no, document_type, ((status & 1) <> 0), created_at desc, id desc)
    where deleted_at is null and not in_editor`)
}
