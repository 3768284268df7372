import type { Knex } from 'knex'

/**
 * Unpaid items and the KER report (issue 18).
 * - `payments`: what was paid on a booked invoice, each its own record (a person's "mark paid", later the bank's);
 *   undoing one sets `undone_at` instead of deleting it, so what happened stays visible.
 * - `ker_ranges`: a firm's own mapping of account ranges to KER lines (none: the EKR defaults of the SDK).
 * - `bookings.net_total`: the booking's net (sum of its lines), stored so the KER sums an index instead of the JSON.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payments', (t) => {
    t.increments('id').primary()
    t.integer('booking_id').notNullable().references('bookings.id').onDelete('RESTRICT')
    t.integer('company_no').notNullable()
    t.date('paid_on').notNullable()
    // Paid amount and the discount (Skonto) the payment earned, in the invoice's currency.
    t.decimal('amount', 15, 2).notNullable()
    t.decimal('discount', 15, 2).notNullable().defaultTo(0)
    t.text('method').notNullable()
    // manual (a person marked it), bank (the banking issue's matching).
    t.text('source').notNullable().defaultTo('manual')
    t.uuid('created_by')
    t.text('created_by_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('undone_at', { useTz: true })
    t.uuid('undone_by')
    t.index(['booking_id'])
    t.index(['company_no'])
  })
  await knex.raw(`alter table payments add constraint payments_amount_check check (amount > 0 and discount >= 0)`)
  await knex.schema.createTable('ker_ranges', (t) => {
    t.increments('id').primary()
    t.integer('firm_id').notNullable().references('firms.id').onDelete('CASCADE')
    t.integer('from_account').notNullable()
    t.integer('to_account').notNullable()
    t.text('target').notNullable()
    t.index(['firm_id'])
  })
  await knex.raw(`
    create function booking_net_total(lines jsonb) returns numeric immutable language sql as $$
      select coalesce(sum((line ->> 'net')::numeric), 0) from jsonb_array_elements(lines) as line
    $$`)
  await knex.raw(`alter table bookings add column net_total numeric(15, 2) generated always as (booking_net_total(lines)) stored`)
  // KER: one company's bookings by period, answered from the index alone.
  await knex.raw(`create index bookings_ker_idx on bookings (company_no, period) include (counter_account, document_type, net_total)`)
  // Unpaid items: a company's standing invoices of one side.
  await knex.raw(`create index bookings_open_idx on bookings (company_no, document_type) where kind = 'booking'`)
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists bookings_open_idx')
  await knex.raw('drop index if exists bookings_ker_idx')
  await knex.raw('alter table bookings drop column if exists net_total')
  await knex.raw('drop function if exists booking_net_total(jsonb)')
  await knex.schema.dropTableIfExists('ker_ranges')
  await knex.schema.dropTableIfExists('payments')
}
