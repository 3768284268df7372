import type { Knex } from 'knex'
import type { CompanyFacts } from '../extraction/rules/direction'

/** Every company number of the portal, ascending. */
export async function allCompanyNos(db: Knex): Promise<number[]> {
  return ((await db('companies').orderBy('company_no').select('company_no')) as { company_no: number }[]).map((row) => Number(row.company_no))
}

/** True when the companies are every company of the portal (a caller who sees them all, e.g. records of no portal company). */
export async function holdsEveryCompany(db: Knex, companies: readonly number[]): Promise<boolean> {
  const missing = await db('companies').whereNotIn('company_no', [...companies]).first('company_no')
  return missing === undefined
}

/** What identifies a client company on an invoice (VAT id, IBAN, name), or undefined when there is no such company. */
export async function companyFacts(db: Knex, companyNo: number): Promise<CompanyFacts | undefined> {
  return db('companies').where({ company_no: companyNo }).first('vat_id', 'iban', 'company_name')
}

/** True when the company keeps a cash book (its setting "show cash book"): cash receipts go there (KA). */
export async function keepsCashBook(db: Knex, companyNo: number): Promise<boolean> {
  const row = (await db('company_settings').where({ company_no: companyNo }).first('show_cash_book')) as { show_cash_book: boolean } | undefined
  return Boolean(row?.show_cash_book)
}

/** Number, name and place of the given companies that exist (the firm dashboard's rows before their counts). */
export async function companyNames(db: Knex, companies: readonly number[]): Promise<{ company_no: number; company_name: string; company_place: string }[]> {
  const rows = (await db('companies').whereIn('company_no', [...companies]).select('company_no', 'company_name', 'company_place')) as { company_no: number; company_name: string; company_place: string | null }[]
  return rows.map((row) => ({ company_no: Number(row.company_no), company_name: row.company_name, company_place: row.company_place ?? '' }))
}
