import type { Knex } from 'knex'
import type { AccountType } from '@portal/sdk/domain'

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
