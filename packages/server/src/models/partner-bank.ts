import type { Knex } from 'knex'

/** A supplier's or customer's name and bank details from its newest master-data record (accounts). */
export async function partnerBankOf(db: Knex, companyNo: number, account: number): Promise<{ name: string; iban: string | null; bic: string | null } | undefined> {
  const row = (await db('accounts').where({ company_no: companyNo, account }).orderBy('accounting', 'desc').first('name', 'iban')) as
    | { name: string; iban: string | null }
    | undefined
  // The master data keeps no BIC; EPC069-12 version 002 lets banks in the EEA find it from the IBAN.
  return row ? { name: row.name, iban: row.iban ? row.iban.replace(/\s+/g, '').toUpperCase() : null, bic: null } : undefined
}

/** The names and IBANs of several partners of a company at once (a payment run's payees). */
export async function partnerBanksOf(db: Knex | Knex.Transaction, companyNo: number, accounts: readonly number[]): Promise<Map<number, { name: string; iban: string | null }>> {
  const found = new Map<number, { name: string; iban: string | null }>()
  for (let i = 0; i < accounts.length; i += 1000) {
    const rows = (await db('accounts')
      .where({ company_no: companyNo })
      .whereIn('account', accounts.slice(i, i + 1000))
      .orderBy([{ column: 'account' }, { column: 'accounting', order: 'desc' }])
      .select('account', 'name', 'iban')) as { account: number; name: string; iban: string | null }[]
    for (const row of rows) {
      if (!found.has(Number(row.account))) found.set(Number(row.account), { name: row.name, iban: row.iban ? row.iban.replace(/\s+/g, '').toUpperCase() : null })
    }
  }
  return found
}
