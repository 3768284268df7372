import type { Knex } from 'knex'
import { AGEING_BUCKETS, AGEING_LIMITS, ageingBucket, type ApprovalState, discountOn, formatCents, toCents, type AgeingBucket, type OpenItemSide, DocumentKind } from '@portal/sdk/domain'
import type { BucketTotals, PartnerTotals, UnpaidItem, UnpaidItemSortField } from '@portal/sdk/services'
import { inCompanies } from './overview-scope'

/** What the unpaid-items list asks for. */
export interface OpenItemsFilter {
  companyNo: number
  side: OpenItemSide
  today: string
  search?: string
  bucket?: AgeingBucket
  account?: number
  discountSoon?: boolean
  /** Narrow to one booking (payments and payment codes read their item). */
  bookingId?: number
  /** Keep settled items too (one booking's item after its last payment). */
  includeSettled?: boolean
  /** Narrow to one approval state of the invoice (docs/payments.md). */
  approval?: ApprovalState
}

/** The SQL of a bucket by days overdue, built from the SDK's limits so SQL and screen agree. */
const bucketSql = `case ${AGEING_BUCKETS.filter((bucket) => Number.isFinite(AGEING_LIMITS[bucket]))
  .map((bucket) => `when overdue <= ${AGEING_LIMITS[bucket]} then '${bucket}'`)
  .join(' ')} else 'over90' end`

/**
 * Open items: standing bookings (kind booking, no reversal names them) of invoices (gross above 0) of one side, with
 * what their payments (not undone) and earned discounts have settled, the days overdue on `today` and their bucket.
 */
function openItemsSql(filter: OpenItemsFilter): { sql: string; bindings: Knex.RawBinding[] } {
  const bindings: Knex.RawBinding[] = [filter.today, filter.companyNo, filter.companyNo, filter.companyNo, filter.companyNo, filter.side]
  const where: string[] = []
  if (!filter.includeSettled) where.push('open > 0')
  if (filter.bookingId !== undefined) {
    where.push('id = ?')
    bindings.push(filter.bookingId)
  }
  if (filter.account !== undefined) {
    where.push('account = ?')
    bindings.push(filter.account)
  }
  if (filter.search) {
    where.push(`(partner_name ilike ? or document_number ilike ? or account::text like ?)`)
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    bindings.push(like, like, `${filter.search}%`)
  }
  if (filter.bucket) {
    where.push(`(${bucketSql}) = ?`)
    bindings.push(filter.bucket)
  }
  if (filter.approval) {
    where.push('approval = ?')
    bindings.push(filter.approval)
  }
  if (filter.discountSoon) {
    // The discount still applies (nothing paid, deadline not passed) and ends within the week.
    where.push(`discount_percent > 0 and paid = 0 and discount_due_date between ?::date and ?::date + 7`)
    bindings.push(filter.today, filter.today)
  }
  // Payments and partner names are joined as grouped sets (hash joins), not looked up row by row: 10,000 open items
  // answer a page in one pass.
  const sql = `
    with items as (
      select b.id, b.company_no, b.document_id, b.document_type, b.account, b.document_number, b.document_date,
        coalesce(b.due_date, b.document_date) as due_date, b.discount_percent, b.discount_due_date, b.currency, b.gross,
        coalesce(p.paid, 0) as paid, coalesce(p.discount, 0) as discount_taken,
        b.gross - coalesce(p.paid, 0) - coalesce(p.discount, 0) as open,
        greatest(0, ?::date - coalesce(b.due_date, b.document_date)) as overdue,
        names.name as partner_name, coalesce(st.state, 'open') as approval, runs.run_id as in_run
      from bookings b
      left join approval_states st on st.document_id = b.document_id
      left join (
        select i.booking_id, max(i.run_id) as run_id from payment_run_items i join payment_runs r on r.id = i.run_id
        where i.company_no = ? and r.status in ('created', 'released', 'sent') group by i.booking_id
      ) runs on runs.booking_id = b.id
      left join (
        select booking_id, sum(amount) as paid, sum(discount) as discount from payments
        where company_no = ? and undone_at is null group by booking_id
      ) p on p.booking_id = b.id
      left join (
        select distinct on (account) account, name from accounts where company_no = ? order by account, accounting desc
      ) names on names.account = b.account
      where b.company_no = ? and b.kind = 'booking' and b.document_type = ? and b.gross > 0
        and not exists (select 1 from bookings r where r.reverses_booking_id = b.id)
    )
    select *, ${bucketSql} as bucket from items ${where.length > 0 ? `where ${where.join(' and ')}` : ''}`
  return { sql, bindings }
}

/** A date column as YYYY-MM-DD (PGlite and pg hand dates back as local midnight); null stays null. */
export const isoDate = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}
const cents = (value: unknown): number => toCents(Number(value ?? 0).toFixed(2)) ?? 0

/** A row of openItemsSql as the wire item, with the discount as it stands on `today`. */
function toUnpaidItem(row: Record<string, unknown>, today: string): UnpaidItem {
  const grossCents = cents(row.gross)
  const paidCents = cents(row.paid) + cents(row.discount_taken)
  const openCents = cents(row.open)
  const discount = discountOn(
    { grossCents, percent: row.discount_percent === null ? null : Number(row.discount_percent), discountDueDate: isoDate(row.discount_due_date), paidCents },
    today,
  )
  const overdue = Number(row.overdue)
  return {
    id: Number(row.id),
    company_no: Number(row.company_no),
    document_id: Number(row.document_id),
    side: row.document_type as OpenItemSide,
    account: Number(row.account),
    partner_name: (row.partner_name as string | null) ?? null,
    document_number: (row.document_number as string | null) ?? null,
    document_date: isoDate(row.document_date) ?? '',
    due_date: isoDate(row.due_date) ?? '',
    discount_percent: row.discount_percent === null ? null : String(row.discount_percent),
    discount_due_date: isoDate(row.discount_due_date),
    currency: String(row.currency).trim(),
    gross: formatCents(grossCents),
    paid: formatCents(paidCents),
    open: formatCents(openCents),
    discount: formatCents(discount.applies ? discount.amountCents : 0),
    discount_applies: discount.applies,
    discount_soon: discount.soon,
    overdue,
    bucket: ageingBucket(overdue),
    state: paidCents > 0 ? 'partlyPaid' : 'open',
    approval: (row.approval as ApprovalState | null) ?? 'open',
    in_run: row.in_run === null || row.in_run === undefined ? null : Number(row.in_run),
  }
}

const SORT_COLUMNS: Record<UnpaidItemSortField, string> = {
  due_date: 'due_date',
  document_date: 'document_date',
  open: 'open',
  overdue: 'overdue',
  partner_name: 'partner_name',
  discount_due_date: 'discount_due_date',
}

/** One page of open items (oldest due first unless sorted otherwise). */
export async function openItemsPage(
  db: Knex,
  filter: OpenItemsFilter,
  page: { limit: number; skip: number; sort?: Partial<Record<UnpaidItemSortField, 1 | -1>> },
): Promise<UnpaidItem[]> {
  const { sql, bindings } = openItemsSql(filter)
  const order = Object.entries(page.sort ?? {}).map(([field, dir]) => `${SORT_COLUMNS[field as UnpaidItemSortField]} ${dir === -1 ? 'desc' : 'asc'} nulls last`)
  order.push('due_date asc', 'id asc')
  const result = await db.raw(`${sql} order by ${order.join(', ')} limit ? offset ?`, [...bindings, page.limit, page.skip])
  return (result.rows as Record<string, unknown>[]).map((row) => toUnpaidItem(row, filter.today))
}

const emptyTotals = (): Record<AgeingBucket | 'total', number> => ({ notDue: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 })
const formatTotals = (totals: Record<AgeingBucket | 'total', number>): BucketTotals =>
  Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, formatCents(value)])) as BucketTotals

/** How many items the filter matches, their totals per bucket, and the same per partner (largest open first). */
export async function openItemsTotals(db: Knex, filter: OpenItemsFilter): Promise<{ total: number; totals: BucketTotals; partners: PartnerTotals[] }> {
  const { sql, bindings } = openItemsSql(filter)
  const result = await db.raw(
    `select account, partner_name, bucket, count(*)::int as items, sum(open) as open from (${sql}) open_items group by account, partner_name, bucket`,
    bindings,
  )
  const overall = emptyTotals()
  const partners = new Map<number, { account: number; partner_name: string | null; items: number; totals: ReturnType<typeof emptyTotals> }>()
  let total = 0
  for (const row of result.rows as Record<string, unknown>[]) {
    const account = Number(row.account)
    const bucket = row.bucket as AgeingBucket
    const open = cents(row.open)
    const partner = partners.get(account) ?? { account, partner_name: (row.partner_name as string | null) ?? null, items: 0, totals: emptyTotals() }
    partner.items += Number(row.items)
    partner.totals[bucket] += open
    partner.totals.total += open
    partners.set(account, partner)
    overall[bucket] += open
    overall.total += open
    total += Number(row.items)
  }
  return {
    total,
    totals: formatTotals(overall),
    partners: [...partners.values()].sort((a, b) => b.totals.total - a.totals.total).map((partner) => ({ ...partner, totals: formatTotals(partner.totals) })),
  }
}

/** The company and side of a standing booking of an invoice, or undefined. */
export async function bookingSideOf(db: Knex | Knex.Transaction, bookingId: number): Promise<{ companyNo: number; side: string } | undefined> {
  const row = (await db('bookings').where({ id: bookingId, kind: 'booking' }).first('company_no', 'document_type')) as Record<string, unknown> | undefined
  return row ? { companyNo: Number(row.company_no), side: String(row.document_type) } : undefined
}

/** One booking's item on `today`, settled or not (undefined when it is no standing invoice of ER or AR). */
export async function openItemOf(db: Knex | Knex.Transaction, bookingId: number, today: string): Promise<UnpaidItem | undefined> {
  const side = await bookingSideOf(db, bookingId)
  if (!side || (side.side !== DocumentKind.ER && side.side !== DocumentKind.AR)) return undefined
  const { sql, bindings } = openItemsSql({ companyNo: side.companyNo, side: side.side, today, bookingId, includeSettled: true })
  const result = await db.raw(sql, bindings)
  const [row] = result.rows as Record<string, unknown>[]
  return row ? toUnpaidItem(row, today) : undefined
}

/**
 * The firm dashboard's count of unpaid items due (models/company-overview.ts): per company of `sel`, the open items of
 * both sides (openItemsSql's rule: standing bookings of invoices, payments and discounts not undone) due on or before
 * `p.today`.
 */
export const UNPAID_DUE_CTE = `
  unpaid as (
    select b.company_no, count(*)::int as n from bookings b
    left join (
      select pay.booking_id, sum(pay.amount) + sum(pay.discount) as settled from payments pay
      where ${inCompanies('pay')} and pay.undone_at is null group by pay.booking_id
    ) s on s.booking_id = b.id
    where ${inCompanies('b')} and b.kind = 'booking' and b.document_type in ('${DocumentKind.ER}', '${DocumentKind.AR}') and b.gross > 0
      and not exists (select 1 from bookings r where r.reverses_booking_id = b.id)
      and b.gross - coalesce(s.settled, 0) > 0 and coalesce(b.due_date, b.document_date) <= (select today from p)
    group by b.company_no)`

/**
 * Credit notes (standing bookings of ER or AR with a gross below 0, no reversal names them) that are not used up yet:
 * what is open is `gross - paid` (below 0); a payment run sets them off against the same partner's invoices and the
 * bank's debit then uses them up (docs/payments.md). Narrowed to one booking with `bookingId`, settled or not.
 */
export async function openCreditNoteRows(
  db: Knex | Knex.Transaction,
  filter: { companyNo: number; bookingId?: number },
): Promise<{ id: number; company_no: number; side: OpenItemSide; account: number; document_number: string | null; gross_cents: number; open_cents: number; partner_name: string | null }[]> {
  const bindings: Knex.RawBinding[] = [filter.companyNo, filter.companyNo, filter.companyNo]
  if (filter.bookingId !== undefined) bindings.push(filter.bookingId)
  const result = await db.raw(
    `select b.id, b.company_no, b.document_type, b.account, b.document_number, b.gross, b.gross - coalesce(p.paid, 0) as open, names.name as partner_name
      from bookings b
      left join (select booking_id, sum(amount) as paid from payments where company_no = ? and undone_at is null group by booking_id) p on p.booking_id = b.id
      left join (select distinct on (account) account, name from accounts where company_no = ? order by account, accounting desc) names on names.account = b.account
      where b.company_no = ? and b.kind = 'booking' and b.document_type in ('${DocumentKind.ER}', '${DocumentKind.AR}') and b.gross < 0
        and not exists (select 1 from bookings r where r.reverses_booking_id = b.id)
        ${filter.bookingId !== undefined ? 'and b.id = ?' : 'and b.gross - coalesce(p.paid, 0) < 0'}
      order by b.id`,
    bindings,
  )
  return (result.rows as Record<string, unknown>[]).map((row) => ({
    id: Number(row.id),
    company_no: Number(row.company_no),
    side: row.document_type as OpenItemSide,
    account: Number(row.account),
    document_number: (row.document_number as string | null) ?? null,
    gross_cents: cents(row.gross),
    open_cents: cents(row.open),
    partner_name: (row.partner_name as string | null) ?? null,
  }))
}
