import type { Knex } from 'knex'
import { DocumentKind, toCents, type ProposableItem } from '@portal/sdk/domain'
import type { UnpaidItem } from '@portal/sdk/services'
import { openItemsPage } from '../../models/open-items'

/** Every open supplier invoice of a company as it stands on `day` (the execution date decides the discount). */
export async function openSupplierItems(db: Knex | Knex.Transaction, companyNo: number, day: string): Promise<UnpaidItem[]> {
  return openItemsPage(db as Knex, { companyNo, side: DocumentKind.ER, today: day }, { limit: 1_000_000, skip: 0 })
}

/** An unpaid item as the SDK's proposal weighs it (cents). */
export function proposable(item: UnpaidItem): ProposableItem {
  return {
    id: item.id,
    account: item.account,
    due_date: item.due_date,
    gross_cents: toCents(item.gross) ?? 0,
    paid_cents: toCents(item.paid) ?? 0,
    open_cents: toCents(item.open) ?? 0,
    discount_percent: item.discount_percent === null ? null : Number(item.discount_percent),
    discount_due_date: item.discount_due_date,
    approved: item.approval === 'approved',
    in_run: item.in_run !== null,
  }
}
