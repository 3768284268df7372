import type { Knex } from 'knex'
import { DEFAULT_KER_RANGES, toCents, type KerAccountMonth, type KerRange, type KerTarget } from '@portal/sdk/domain'

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
  let bookings = 0
  const rows = (result.rows as Record<string, unknown>[]).map((row) => {
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
