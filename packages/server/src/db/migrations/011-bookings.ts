import type { Knex } from 'knex'

/**
 * Bookings (issue 12): what an accountant booked for a document, kept as an unalterable record the ERP export reads.
 * A document booked once has one `booking` row; undoing it appends a `reversal` row that names it (BAO §131/§132:
 * nothing is changed or deleted), after which the document may be booked again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bookings', (t) => {
    t.increments('id').primary()
    t.integer('document_id').notNullable().references('documents.id').onDelete('RESTRICT')
    // No foreign key: an append-only record must not be rewritten or blocked by a company's removal.
    t.integer('company_no').notNullable()
    // Running number per company: the ERP's Belegnummer and the PDF's name in an export ZIP.
    t.integer('booking_no').notNullable()
    t.text('kind').notNullable()
    t.integer('reverses_booking_id').references('bookings.id')
    // ER incoming, AR outgoing, KA cash book: which side the tax is on and which way the amounts go.
    t.text('document_type').notNullable()
    // The supplier or customer account (Personenkonto) and the expense or revenue account (Sachkonto).
    t.integer('account').notNullable()
    t.integer('counter_account').notNullable()
    t.text('cost_center')
    // YYYY-MM: the accounting period the booking belongs to.
    t.text('period').notNullable()
    // The book (acc-books code): BMD's Buchungssymbol, e.g. ER, AR, KA.
    t.text('book')
    t.text('document_number')
    t.date('document_date').notNullable()
    t.date('booking_date').notNullable()
    t.date('due_date')
    t.decimal('discount_percent', 5, 2)
    t.date('discount_due_date')
    t.specificType('currency', 'char(3)').notNullable().defaultTo('EUR')
    // Units of the currency per euro, for foreign-currency invoices; null for EUR.
    t.decimal('exchange_rate', 15, 6)
    t.text('text')
    // Gross total in the document's currency: positive for an invoice, negative for a credit note; a reversal
    // carries the booking's amounts negated.
    t.decimal('gross', 15, 2).notNullable()
    // One line per tax code: [{ taxCode, rate, net, tax, gross }] as decimal strings; the lines sum to `gross`.
    t.jsonb('lines').notNullable()
    // partial_statement, final_settlement (with the deducted down payments in `deducted`), down_payment.
    t.text('settlement_kind')
    t.decimal('deducted', 15, 2)
    t.boolean('business_lunch').notNullable().defaultTo(false)
    t.text('business_lunch_reason')
    t.text('business_lunch_participants')
    t.uuid('created_by')
    t.text('created_by_name')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['company_no', 'booking_no'])
    t.index(['company_no', 'booking_date'])
    t.index(['document_id'])
  })
  await knex.raw(`alter table bookings add constraint bookings_kind_check check (kind in ('booking', 'reversal'))`)
  await knex.raw(`alter table bookings add constraint bookings_reversal_check check ((kind = 'reversal') = (reverses_booking_id is not null))`)
  // A booking is reversed at most once.
  await knex.raw(`create unique index bookings_reverses_idx on bookings (reverses_booking_id) where reverses_booking_id is not null`)
  // Append-only, like the document history: a booking, once written, stays as it is.
  await knex.raw(`
    create function bookings_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'bookings are append-only';
    end $$`)
  await knex.raw(`
    create trigger bookings_append_only before update or delete on bookings
    for each row execute function bookings_append_only()`)
}

/** Drops what up created. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('bookings')
  await knex.raw('drop function if exists bookings_append_only()')
}
