import { centsTotal, formatCents, proposeItems, PROPOSAL_DAYS_DEFAULT } from '@portal/sdk/domain'
import type { PaymentProposal } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { partnerBanksOf } from '../../models/partner-bank'
import { openCreditNotes } from '../../models/payment-runs'
import { openSupplierItems, proposable } from './runItems'

/**
 * The portal's proposal for a run on `executionDate`: approved supplier invoices not in a run, due within `days` or
 * with a discount still open then (those first), each at what is open less that discount; and the credit notes that
 * could be set off against the same suppliers. Changes nothing.
 */
export async function proposePayments(props: { app: Application; companyNo: number; executionDate: string; days?: number }): Promise<PaymentProposal> {
  const knex = props.app.get('knex')
  const days = props.days ?? PROPOSAL_DAYS_DEFAULT
  const items = await openSupplierItems(knex, props.companyNo, props.executionDate)
  const byId = new Map(items.map((item) => [item.id, item]))
  const lines = proposeItems(items.map(proposable), props.executionDate, days)
  const accounts = [...new Set(lines.map((line) => byId.get(line.id)!.account))]
  const banks = await partnerBanksOf(knex, props.companyNo, accounts)
  const credits = (await openCreditNotes(knex, props.companyNo)).filter((credit) => accounts.includes(credit.account))
  return {
    company_no: props.companyNo,
    execution_date: props.executionDate,
    days,
    items: lines.map((line) => {
      const item = byId.get(line.id)!
      return {
        id: item.id,
        account: item.account,
        partner_name: item.partner_name,
        document_number: item.document_number,
        due_date: item.due_date,
        discount_due_date: line.discount_cents > 0 ? item.discount_due_date : null,
        open: item.open,
        amount: formatCents(line.amount_cents),
        discount: formatCents(line.discount_cents),
        has_iban: Boolean(banks.get(item.account)?.iban),
      }
    }),
    credit_notes: credits.map(({ id, account, partner_name, document_number, amount }) => ({ id, account, partner_name, document_number, amount })),
    total: centsTotal(lines.map((line) => line.amount_cents)),
  }
}
