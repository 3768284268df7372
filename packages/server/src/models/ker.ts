import type { Knex } from 'knex'
import { DEFAULT_KER_RANGES, DocumentKind, KerBasis, toCents, type KerAccountMonth, type KerRange, type KerTarget } from '@portal/sdk/domain'

/**
 * The booked net amounts of a company per account and month for the given years, signed for the result (AR adds,
 * ER and KA take away). One grouped scan of the bookings_ker_idx index (company, period → account, type, net).
 */
export async function kerAccountMonths(db: Knex, companyNo: number, fromYear: number, toYear: number): Promise<{ rows: KerAccountMonth[]; bookings: number }> {
  const result = await db.raw(
    `select substr(period, 1, 4)::int as year, substr(period, 6, 2)::int as month, counter_account as account,
        sum(case when document_type = 'AR' then net_total else -net_total end) as amount, count(*)::int as bookings
      from bookings where company_no = ? and period between ? and ?
      group by 1, 2, 3`,
    [companyNo, `${fromYear}-01`, `${toYear}-12`],
  )
  return accountMonthsOf(result.rows as Record<string, unknown>[])
}

/**
 * The same on cash basis (Zufluss-Abfluss, an Einnahmen-Ausgaben-Rechner): an invoice (ER, AR) counts in the month it
 * was paid, each payment (a person's or a matched bank transaction's, not undone) with the share of the booking's net
 * it paid (net × paid / gross), so an unpaid invoice counts nothing and a Skonto lowers the amount; a reversed booking's
 * payments count nothing. A cash-book entry (KA) is paid when it happens and counts in its period, as on accrual.
 */
export async function kerCashAccountMonths(db: Knex, companyNo: number, fromYear: number, toYear: number): Promise<{ rows: KerAccountMonth[]; bookings: number }> {
  const from = `${fromYear}-01`
  const to = `${toYear}-12`
  const result = await db.raw(
    `select year, month, account, sum(amount) as amount, count(*)::int as bookings from (
        select substr(period, 1, 4)::int as year, substr(period, 6, 2)::int as month, counter_account as account, -net_total as amount
          from bookings where company_no = ? and document_type = ? and period between ? and ?
        union all
        select extract(year from p.paid_on)::int, extract(month from p.paid_on)::int, b.counter_account,
            (case when b.document_type = ? then 1 else -1 end) * b.net_total * p.amount / b.gross
          from payments p join bookings b on b.id = p.booking_id
          where p.company_no = ? and p.undone_at is null and b.kind = 'booking' and b.gross <> 0
            and to_char(p.paid_on, 'YYYY-MM') between ? and ?
            and not exists (select 1 from bookings r where r.reverses_booking_id = b.id)
      ) as flows group by 1, 2, 3`,
    [companyNo, DocumentKind.KA, from, to, DocumentKind.AR, companyNo, from, to],
  )
  return accountMonthsOf(result.rows as Record<string, unknown>[])
}

/** Rows of (year, month, account, amount, bookings) as KER account-months in cents, with the number of bookings. */
function accountMonthsOf(raw: Record<string, unknown>[]): { rows: KerAccountMonth[]; bookings: number } {
  let bookings = 0
  const rows = raw.map((row) => {
    bookings += Number(row.bookings)
    return { year: Number(row.year), month: Number(row.month), account: Number(row.account), cents: toCents(Number(row.amount).toFixed(2)) ?? 0 }
  })
  return { rows, bookings }
}

/** The firm of a company, or undefined. */
export async function firmOfCompany(db: Knex | Knex.Transaction, companyNo: number): Promise<{ firmId: number; firmName: string; companyName: string } | undefined> {
  const row = (await db('companies')
    .join('firms', 'firms.id', 'companies.firm_id')
    .where('companies.company_no', companyNo)
    .first('firms.id as firm_id', 'firms.name as firm_name', 'companies.company_name')) as Record<string, unknown> | undefined
  return row ? { firmId: Number(row.firm_id), firmName: String(row.firm_name), companyName: String(row.company_name) } : undefined
}

/** A firm's own KER ranges, or undefined while it uses the EKR defaults. */
export async function firmKerRanges(db: Knex | Knex.Transaction, firmId: number): Promise<KerRange[] | undefined> {
  const rows = (await db('ker_ranges').where({ firm_id: firmId }).orderBy('from_account')) as Record<string, unknown>[]
  if (rows.length === 0) return undefined
  return rows.map((row) => ({ from: Number(row.from_account), to: Number(row.to_account), target: row.target as KerTarget }))
}

/** The ranges a firm's KER uses: its own, else the EKR defaults. */
export async function kerRangesOf(db: Knex | Knex.Transaction, firmId: number): Promise<readonly KerRange[]> {
  return (await firmKerRanges(db, firmId)) ?? DEFAULT_KER_RANGES
}

/** Replaces a firm's ranges (an empty list: back to the defaults). */
export async function saveFirmKerRanges(trx: Knex.Transaction, firmId: number, ranges: readonly KerRange[]): Promise<void> {
  await trx('ker_ranges').where({ firm_id: firmId }).delete()
  if (ranges.length > 0) {
    await trx('ker_ranges').insert(ranges.map((range) => ({ firm_id: firmId, from_account: range.from, to_account: range.to, target: range.target })))
  }
}

/** The KER basis of a company: cash for an Einnahmen-Ausgaben-Rechner (company setting), else accrual. */
export async function kerBasisOf(db: Knex, companyNo: number): Promise<KerBasis> {
  const row = (await db('company_settings').where({ company_no: companyNo }).first('cash_basis')) as { cash_basis: boolean } | undefined
  return row?.cash_basis ? KerBasis.cash : KerBasis.accrual
}
