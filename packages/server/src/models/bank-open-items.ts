import type { Knex } from 'knex'
import { OPEN_ITEM_SIDES, toCents, type MatchableItem } from '@portal/sdk/domain'
import { openCreditNoteRows, openItemsPage } from './open-items'

/**
 * Every open item of a company (both sides) as matching sees it, with its partner's IBAN from the master data; and the
 * credit notes not used up yet (open below 0), which a movement settles only together with the invoices it names.
 */
export async function matchableItems(db: Knex | Knex.Transaction, companyNo: number, today: string): Promise<MatchableItem[]> {
  const ibans = new Map<number, string>()
  const accounts = (await db('accounts').where({ company_no: companyNo }).whereNotNull('iban').orderBy('accounting').select('account', 'iban')) as { account: number; iban: string }[]
  for (const row of accounts) ibans.set(Number(row.account), row.iban.replace(/\s+/g, '').toUpperCase())
  const items: MatchableItem[] = []
  for (const side of OPEN_ITEM_SIDES) {
    const page = await openItemsPage(db as Knex, { companyNo, side, today }, { limit: 1_000_000, skip: 0 })
    for (const item of page) {
      items.push({
        bookingId: item.id,
        side,
        documentNumber: item.document_number,
        openCents: toCents(item.open) ?? 0,
        grossCents: toCents(item.gross) ?? 0,
        paidCents: toCents(item.paid) ?? 0,
        discountPercent: item.discount_percent === null ? null : Number(item.discount_percent),
        discountDueDate: item.discount_due_date,
        partnerName: item.partner_name,
        partnerIban: ibans.get(item.account) ?? null,
      })
    }
  }
  for (const credit of await openCreditNoteRows(db, { companyNo })) {
    items.push({
      bookingId: credit.id,
      side: credit.side,
      documentNumber: credit.document_number,
      openCents: credit.open_cents,
      grossCents: credit.gross_cents,
      paidCents: credit.gross_cents - credit.open_cents,
      discountPercent: null,
      discountDueDate: null,
      partnerName: credit.partner_name,
      partnerIban: ibans.get(credit.account) ?? null,
    })
  }
  return items
}
