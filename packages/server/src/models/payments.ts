import type { Knex } from 'knex'
import type { PaymentRecord } from '@portal/sdk/services'
import { isoDate } from './open-items'
import type { Actor } from './users'

const timestamp = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value))

/** A payments row as the wire record. */
function toPaymentRecord(row: Record<string, unknown>): PaymentRecord {
  return {
    id: Number(row.id),
    booking_id: Number(row.booking_id),
    company_no: Number(row.company_no),
    paid_on: isoDate(row.paid_on) ?? '',
    amount: Number(row.amount).toFixed(2),
    discount: Number(row.discount).toFixed(2),
    method: row.method as PaymentRecord['method'],
    source: row.source as PaymentRecord['source'],
    created_by_name: (row.created_by_name as string | null) ?? null,
    created_at: timestamp(row.created_at) ?? '',
    undone_at: timestamp(row.undone_at),
  }
}

/** Appends a payment of a booking. */
export async function insertPayment(
  trx: Knex.Transaction,
  payment: { bookingId: number; companyNo: number; paidOn: string; amount: string; discount: string; method: string; actor: Actor; source?: 'manual' | 'bank' },
): Promise<PaymentRecord> {
  const [row] = await trx('payments')
    .insert({
      booking_id: payment.bookingId,
      company_no: payment.companyNo,
      paid_on: payment.paidOn,
      amount: payment.amount,
      discount: payment.discount,
      method: payment.method,
      source: payment.source ?? 'manual',
      created_by: payment.actor.id,
      created_by_name: payment.actor.name,
    })
    .returning('*')
  return toPaymentRecord(row as Record<string, unknown>)
}

/** Marks a payment undone (kept for the record); undefined when there is none or it was undone already. */
export async function undoPayment(trx: Knex.Transaction, paymentId: number, actor: Actor): Promise<PaymentRecord | undefined> {
  const [row] = await trx('payments')
    .where({ id: paymentId })
    .whereNull('undone_at')
    .update({ undone_at: trx.fn.now(), undone_by: actor.id })
    .returning('*')
  return row ? toPaymentRecord(row as Record<string, unknown>) : undefined
}

/** A booking's payments, oldest first. */
export async function paymentsOfBooking(db: Knex, bookingId: number): Promise<PaymentRecord[]> {
  const rows = (await db('payments').where({ booking_id: bookingId }).orderBy('id')) as Record<string, unknown>[]
  return rows.map(toPaymentRecord)
}

/** The company of a payment, or undefined. */
export async function companyOfPayment(db: Knex, paymentId: number): Promise<number | undefined> {
  const row = (await db('payments').where({ id: paymentId }).first('company_no')) as { company_no: number } | undefined
  return row ? Number(row.company_no) : undefined
}

/** Locks a booking's payments for a change (two people paying the same item wait for each other). */
export async function lockBookingPayments(trx: Knex.Transaction, bookingId: number): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?, ?)', [1018, bookingId])
}
