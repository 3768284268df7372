import type { Knex } from 'knex'
import { CUSTOMER_ACCOUNT_RANGE, type AccountType } from '@portal/sdk/domain'

/** How an account is looked for: by VAT id or IBAN (spaces and case ignored), or by its name (case ignored). */
export type AccountClue = { vatId: string } | { iban: string } | { name: string }

/** The number of a company's account of these types that the clue names, the main accounting's first; null when none. */
export async function accountBy(db: Knex, companyNo: number, types: readonly AccountType[], clue: AccountClue): Promise<number | null> {
  const query = db('accounts').where({ company_no: companyNo }).whereIn('type', [...types]).orderBy('accounting', 'desc')
  if ('vatId' in clue) query.whereRaw("upper(replace(vat_id, ' ', '')) = ?", [clue.vatId.replace(/\s/g, '').toUpperCase()])
  else if ('iban' in clue) query.whereRaw("upper(replace(iban, ' ', '')) = ?", [clue.iban.replace(/\s/g, '').toUpperCase()])
  else query.whereRaw('lower(name) = lower(?)', [clue.name.trim()])
  const row = await query.first('account')
  return row ? Number(row.account) : null
}

/** True when the company has this supplier or customer account (in any accounting). */
export async function hasAccount(db: Knex, companyNo: number, account: number): Promise<boolean> {
  return (await db('accounts').where({ company_no: companyNo, account }).first('id')) !== undefined
}

/** True when the company's expense accounts (its own or the default list every company sees) have this account. */
export async function hasExpenseAccount(db: Knex, companyNo: number, account: number): Promise<boolean> {
  const row = await db('expense_accounts')
    .where({ account })
    .andWhere((where) => where.where({ company_no: companyNo }).orWhereNull('company_no'))
    .first('id')
  return row !== undefined
}

/** The booking defaults of a supplier or customer account; null where none is set. */
export interface AccountDefaults {
  counterAccount: number | null
  taxCode: string | null
  costCenter: string | null
}

/**
 * The counter account, tax code and cost centre a company's account is booked with by default (the newest
 * accounting's row when the number exists in several); undefined when the company has no such account. Booking
 * suggestions read them after the supplier's own earlier bookings.
 */
export async function accountDefaults(db: Knex, companyNo: number, account: number): Promise<AccountDefaults | undefined> {
  const row = (await db('accounts')
    .where({ company_no: companyNo, account })
    .orderBy('accounting', 'desc')
    .first('counter_account', 'tax_code', 'cost_center')) as
    | { counter_account: number | null; tax_code: string | null; cost_center: string | null }
    | undefined
  if (!row) return undefined
  return {
    counterAccount: row.counter_account === null ? null : Number(row.counter_account),
    taxCode: row.tax_code,
    costCenter: row.cost_center,
  }
}

/** An account another one collides with: its number and name. */
export interface AccountHolder {
  account: number
  name: string
}

/**
 * The company's account, other than `exceptAccount`, that already has this VAT id or IBAN (spaces and case ignored);
 * undefined when none. An account number kept in several accountings is one account, so it never collides with itself.
 */
export async function accountHolding(
  db: Knex,
  companyNo: number,
  clue: { vatId: string } | { iban: string },
  exceptAccount?: number,
): Promise<AccountHolder | undefined> {
  const query = db('accounts').where({ company_no: companyNo }).orderBy('accounting', 'desc').orderBy('account')
  if ('vatId' in clue) query.whereRaw("upper(replace(vat_id, ' ', '')) = ?", [clue.vatId.replace(/\s/g, '').toUpperCase()])
  else query.whereRaw("upper(replace(iban, ' ', '')) = ?", [clue.iban.replace(/\s/g, '').toUpperCase()])
  if (exceptAccount !== undefined) query.whereNot({ account: exceptAccount })
  const row = (await query.first('account', 'name')) as { account: number; name: string } | undefined
  return row ? { account: Number(row.account), name: row.name } : undefined
}

/** True when the company has this cost centre (in any accounting). */
export async function hasCostCenter(db: Knex, companyNo: number, code: string): Promise<boolean> {
  return (await db('cost_centers').where({ company_no: companyNo, code }).first('id')) !== undefined
}

/**
 * The next free supplier number of a company: one above its highest supplier account (numbers outside the customer
 * range), or the first number after the customer range when it has none.
 */
export async function nextSupplierNumber(db: Knex, companyNo: number): Promise<number> {
  const row = (await db('accounts')
    .where({ company_no: companyNo })
    .andWhere((where) => where.where('account', '<', CUSTOMER_ACCOUNT_RANGE.min).orWhere('account', '>', CUSTOMER_ACCOUNT_RANGE.max))
    .max('account as max')
    .first()) as { max: number | string | null } | undefined
  const highest = row?.max === null || row?.max === undefined ? null : Number(row.max)
  return highest === null || highest < CUSTOMER_ACCOUNT_RANGE.max ? CUSTOMER_ACCOUNT_RANGE.max + 1 : highest + 1
}
