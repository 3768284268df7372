import type { Knex } from 'knex'

/**
 * Credit notes set off in a payment run (issue 35): when the bank brings the run's debit, the credit note is used up by
 * a payment of its own, below 0 (its gross is below 0, so `gross - paid` reaches 0 as an invoice's does). Such a payment
 * takes no discount. A person's payment stays above 0 (the payments service's rule).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table payments drop constraint payments_amount_check')
  await knex.raw('alter table payments add constraint payments_amount_check check (discount >= 0 and (amount > 0 or (amount < 0 and discount = 0)))')
}

/** Puts the rule of 018 back (fails while a credit note's payment is stored). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table payments drop constraint payments_amount_check')
  await knex.raw('alter table payments add constraint payments_amount_check check (amount > 0 and discount >= 0)')
}
