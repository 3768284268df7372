import type { Knex } from 'knex'

/**
 * What the requests for documents (table 030) and the comments on documents need besides (issue 34):
 * - `document_request_messages`: a request's reply thread (text, or the upload an answer brought);
 * - `document_request_reminders`: who was reminded of an open request when (the firm sees it; the reminder job reads
 *   the last one to keep the company's interval);
 * - `company_settings.request_reminder_days`: how often a request still open at its due date is reminded (0: never);
 * - `document_comments` with `document_comment_mentions`: a document's comment thread and whom a comment mentions
 *   (notified once). No foreign key to documents: like the document history, comments outlive a purged document.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_request_messages', (t) => {
    t.increments('id').primary()
    t.integer('request_id').notNullable().references('document_requests.id').onDelete('CASCADE')
    t.integer('company_no').notNullable()
    t.text('text').notNullable().defaultTo('')
    t.integer('document_id').references('documents.id').onDelete('SET NULL')
    t.uuid('author_id')
    t.text('author_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['request_id', 'id'])
  })
  await knex.schema.createTable('document_request_reminders', (t) => {
    t.increments('id').primary()
    t.integer('request_id').notNullable().references('document_requests.id').onDelete('CASCADE')
    t.integer('company_no').notNullable()
    t.uuid('recipient_id')
    t.text('recipient_name').notNullable()
    t.text('recipient_email').notNullable()
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // Vienna's day of the reminder: one per request, person and day, so two servers never mail the same reminder twice.
    t.date('sent_on').notNullable()
    t.unique(['request_id', 'recipient_id', 'sent_on'])
    t.index(['request_id', 'sent_at'])
  })
  await knex.schema.alterTable('company_settings', (t) => {
    t.smallint('request_reminder_days').notNullable().defaultTo(7)
  })
  await knex.raw(`alter table company_settings add constraint company_settings_reminder_days_check check (request_reminder_days between 0 and 90)`)
  await knex.schema.createTable('document_comments', (t) => {
    t.increments('id').primary()
    t.integer('document_id').notNullable()
    t.integer('company_no').notNullable()
    t.text('text').notNullable()
    t.uuid('author_id')
    t.text('author_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('edited_at', { useTz: true })
    t.timestamp('removed_at', { useTz: true })
    t.index(['document_id', 'id'])
  })
  await knex.schema.createTable('document_comment_mentions', (t) => {
    t.integer('comment_id').notNullable().references('document_comments.id').onDelete('CASCADE')
    t.uuid('user_id').notNullable()
    t.text('user_name').notNullable()
    t.timestamp('notified_at', { useTz: true })
    t.primary(['comment_id', 'user_id'])
  })
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('document_comment_mentions')
  await knex.schema.dropTableIfExists('document_comments')
  await knex.raw('alter table company_settings drop constraint if exists company_settings_reminder_days_check')
  await knex.schema.alterTable('company_settings', (t) => {
    t.dropColumn('request_reminder_days')
  })
  await knex.schema.dropTableIfExists('document_request_reminders')
  await knex.schema.dropTableIfExists('document_request_messages')
}
