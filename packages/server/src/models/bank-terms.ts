import type { Knex } from 'knex'
import type { BankTermsRecord } from '@portal/sdk/services'
import { BANK_TERMS_VERSION } from '@portal/sdk/domain'
import type { Actor } from './users'

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value))

/** The company's standing acceptance of the terms (the newest not withdrawn). */
export async function bankTermsOf(db: Knex | Knex.Transaction, companyNo: number): Promise<BankTermsRecord> {
  const row = (await db('bank_terms').where({ company_no: companyNo }).whereNull('withdrawn_at').orderBy('id', 'desc').first()) as Record<string, unknown> | undefined
  return {
    company_no: companyNo,
    current_version: BANK_TERMS_VERSION,
    accepted: row ? { id: Number(row.id), version: String(row.version), language: String(row.language), accepted_by_name: (row.accepted_by_name as string | null) ?? null, accepted_at: iso(row.accepted_at) } : null,
  }
}

/** Records an acceptance. */
export async function insertBankTerms(trx: Knex.Transaction, companyNo: number, version: string, language: string, actor: Actor): Promise<void> {
  await trx('bank_terms').insert({ company_no: companyNo, version, language, accepted_by: actor.id, accepted_by_name: actor.name })
}

/** Withdraws every standing acceptance of a company; answers how many there were. */
export async function withdrawBankTerms(trx: Knex.Transaction, companyNo: number, actor: Actor): Promise<number> {
  return trx('bank_terms').where({ company_no: companyNo }).whereNull('withdrawn_at').update({ withdrawn_at: trx.fn.now(), withdrawn_by_name: actor.name })
}
