import type { Knex } from 'knex'
import { formatCents, toCents } from '@portal/sdk/domain'
import type { BankProposalRecord } from '@portal/sdk/services'
import { appendAudit } from '../../models/audit-log'
import { insertBankMatch } from '../../models/bank-matches'
import { bookingSideOf, openCreditNoteRows, openItemOf } from '../../models/open-items'
import { insertPayment, lockBookingPayments } from '../../models/payments'
import type { Actor } from '../../models/users'
import { bankConflict } from './refuse'

/** The movement a proposal is settled from. */
export interface SettledMovement {
  id: number
  companyNo: number
  bookingDate: string
  mandateId: string | null
}

/** A credit note's company and what of it is not used up yet (below 0), or undefined when it is none. */
async function creditNoteOpen(trx: Knex.Transaction, bookingId: number): Promise<{ company_no: number; open: string } | undefined> {
  const [row] = await openCreditNoteRows(trx, { companyNo: (await bookingSideOf(trx, bookingId))?.companyNo ?? 0, bookingId })
  return row ? { company_no: row.company_no, open: formatCents(row.open_cents) } : undefined
}

/**
 * Settles the items of a proposal from a movement, in the caller's transaction: per item a payment (issue 18's
 * record, source bank, on the booking day) linked to the movement, audited; a credit note set off in the movement (a
 * part below 0) gets a payment below 0, which uses it up. An item that changed since the proposal
 * (paid meanwhile, reversed) refuses the whole settlement. Answers the settled bookings.
 */
export async function settleProposal(trx: Knex.Transaction, props: { movement: SettledMovement; proposal: BankProposalRecord; actor: Actor; automatic: boolean }): Promise<number[]> {
  const { movement, proposal, actor } = props
  const settled: number[] = []
  for (const part of proposal.items) {
    await lockBookingPayments(trx, part.bookingId)
    const item = part.amountCents < 0 ? await creditNoteOpen(trx, part.bookingId) : await openItemOf(trx, part.bookingId, movement.bookingDate)
    const openCents = toCents(item?.open ?? '0.00') ?? 0
    // An invoice must still be open by what the part settles; a credit note (below 0) still unused by as much.
    const fits = part.amountCents < 0 ? part.discountCents === 0 && openCents <= part.amountCents : openCents >= part.amountCents + part.discountCents
    if (!item || item.company_no !== movement.companyNo || !fits) {
      throw bankConflict('itemChanged', { document: part.documentNumber ?? String(part.bookingId) })
    }
    const payment = await insertPayment(trx, {
      bookingId: part.bookingId,
      companyNo: movement.companyNo,
      paidOn: movement.bookingDate,
      amount: formatCents(part.amountCents),
      discount: formatCents(part.discountCents),
      method: movement.mandateId ? 'sepaDirectDebit' : 'bankTransaction',
      actor,
      source: 'bank',
    })
    await insertBankMatch(trx, { transactionId: movement.id, paymentId: payment.id, bookingId: part.bookingId, companyNo: movement.companyNo, confidence: proposal.confidence, automatic: props.automatic, reasons: proposal.reasons, actorName: actor.name })
    await appendAudit(trx, [
      {
        actor,
        action: props.automatic ? 'bankMatch.auto' : 'bankMatch.match',
        entity: 'payments',
        targetId: String(payment.id),
        targetLabel: part.documentNumber,
        companyNo: movement.companyNo,
        before: { open: item.open },
        after: { transaction: movement.id, amount: payment.amount, discount: payment.discount, confidence: proposal.confidence, reasons: proposal.reasons.join(',') },
      },
    ])
    settled.push(part.bookingId)
  }
  return settled
}
