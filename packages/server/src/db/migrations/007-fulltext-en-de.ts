import type { Knex } from 'knex'

/**
 * Full-text search in German and English: the stored vector holds both stemmings of the text, so a search
 * for "Rechnungen" or "invoices" finds the documents, ranked from the stored vector (DESIGN.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists documents_full_text_tsv_idx')
  await knex.raw('alter table documents drop column full_text_tsv')
  await knex.raw(
    `alter table documents add column full_text_tsv tsvector generated always as
       (to_tsvector('german', coalesce(full_text, '')) || to_tsvector('english', coalesce(full_text, ''))) stored`,
  )
  await knex.raw('create index documents_full_text_tsv_idx on documents using gin (full_text_tsv)')
}

/** Back to the German-only vector. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists documents_full_text_tsv_idx')
  await knex.raw('alter table documents drop column full_text_tsv')
  await knex.raw(
    `alter table documents add column full_text_tsv tsvector generated always as (to_tsvector('german', coalesce(full_text, ''))) stored`,
  )
  await knex.raw('create index documents_full_text_tsv_idx on documents using gin (full_text_tsv)')
}
