import type { Knex } from 'knex'
import { isoDate } from './open-items'

// The company's accounting setup booking checks against: accounting years, cost centres, books and settings (SPEC §3).

/** True when the month YYYY-MM lies inside one of the company's accounting years (acc-periods); others are closed. */
export async function isPeriodOpen(db: Knex, companyNo: number, period: string): Promise<boolean> {
  const first = `${period}-01`
  const row = await db('accounting_periods')
    .where({ company_no: companyNo })
    .andWhere('start_date', '<=', first)
    .andWhere('end_date', '>=', first)
    .first('accounting')
  return row !== undefined
}

/** The first month (YYYY-MM) of the company's first accounting year that starts after `period`, or undefined. */
export async function firstOpenPeriodAfter(db: Knex, companyNo: number, period: string): Promise<string | undefined> {
  const row = (await db('accounting_periods')
    .where({ company_no: companyNo })
    .andWhere('start_date', '>', `${period}-01`)
    .orderBy('start_date')
    .first('start_date')) as { start_date: unknown } | undefined
  return row ? isoDate(row.start_date)?.slice(0, 7) : undefined
}

/** True when the company has this cost centre (acc-cost) in any accounting year. */
export async function hasCostCenter(db: Knex, companyNo: number, code: string): Promise<boolean> {
  return (await db('cost_centers').where({ company_no: companyNo, code }).first('id')) !== undefined
}

/** True when the company has this book (acc-books) in any accounting year. */
export async function hasBook(db: Knex, companyNo: number, code: string): Promise<boolean> {
  return (await db('books').where({ company_no: companyNo, code }).first('id')) !== undefined
}

/** The tax code an expense account carries (the company's own or the default list), or undefined. */
export async function taxCodeOfExpenseAccount(db: Knex, companyNo: number, account: number): Promise<string | undefined> {
  const row = (await db('expense_accounts')
    .where({ account })
    .andWhere((where) => where.where({ company_no: companyNo }).orWhereNull('company_no'))
    .orderByRaw('company_no is null')
    .first('tax_code')) as { tax_code: string | null } | undefined
  return row?.tax_code ?? undefined
}

/** The settings booking depends on (company-settings; a company without a row has them off). */
export interface BookingSettings {
  small_business: boolean
  use_gross_amounts: boolean
}

/** The company's booking settings. */
export async function bookingSettingsOf(db: Knex, companyNo: number): Promise<BookingSettings> {
  const row = (await db('company_settings').where({ company_no: companyNo }).first('small_business', 'use_gross_amounts')) as
    | BookingSettings
    | undefined
  return { small_business: Boolean(row?.small_business), use_gross_amounts: Boolean(row?.use_gross_amounts) }
}
