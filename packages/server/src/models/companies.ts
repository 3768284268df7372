import type { Knex } from 'knex'
import type { CompanyFacts } from '../extraction/rules/direction'

/** What identifies a client company on an invoice (VAT id, IBAN, name), or undefined when there is no such company. */
export async function companyFacts(db: Knex, companyNo: number): Promise<CompanyFacts | undefined> {
  return db('companies').where({ company_no: companyNo }).first('vat_id', 'iban', 'company_name')
}
