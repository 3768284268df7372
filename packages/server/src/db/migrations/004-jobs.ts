import type { Knex } from 'knex'

/** Durable job queue: jobs survive restarts; workers claim with SKIP LOCKED so processes never share a job. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id').primary()
    t.text('kind').notNullable()
    t.jsonb('payload').notNullable()
    // queued -> running -> done | queued again (retry with back-off) | failed
    t.text('state').notNullable().defaultTo('queued')
    t.integer('attempts').notNullable().defaultTo(0)
    t.integer('max_attempts').notNullable().defaultTo(3)
    t.timestamp('run_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('locked_at', { useTz: true })
    t.text('locked_by')
    t.text('last_error')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('finished_at', { useTz: true })
  })
  await knex.raw(`create index jobs_ready on jobs (run_at, id) where state = 'queued'`)
  await knex.raw(`create index jobs_running on jobs (locked_at) where state = 'running'`)
}

/** Drops the queue. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('jobs')
}
