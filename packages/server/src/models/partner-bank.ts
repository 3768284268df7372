import type { Knex } from 'knex'

/** A supplier's or customer's name and bank details from its newest master-data record (accounts). */
export async function partnerBankOf(db: Knex, companyNo: number, account: number): Promise<{ name: string; iban: string | null; bic: string | null } | undefined> {
  const row = (await db('accounts').where({ company_no: companyNo, account }).orderBy('accounting', 'desc').first('name', 'iban')) as
    | { name: string; iban: string | null }
    | undefined
  // The master data keeps no BIC; EPC069-12 version 002 lets banks in the EEA find it from the IBAN.
  return row ? { name: row.name, iban: row.iban ? row.iban.replace(/\s+/g, '').toUpperCase() : null, bic: null } : undefined
}
