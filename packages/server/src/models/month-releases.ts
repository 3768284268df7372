import type { Knex } from 'knex'
import type { Actor } from './users'
import { inCompanies } from './overview-scope'

/** A living release of a company's month: who released it and when. */
export interface MonthReleaseRow {
  id: number
  company_no: number
  month: string
  released_by_name: string | null
  released_at: Date
}

/** The month releases' part of the firm dashboard's query (models/company-overview.ts): the living release per company and month. */
export const RELEASE_CTE = `
  releases as (
    select mr.company_no, mr.month, mr.released_by_name, mr.released_at from month_releases mr
    join mon on mon.month = mr.month where ${inCompanies('mr')} and mr.withdrawn_at is null)`

/**
 * Serializes the releases of one company's month (release, withdrawal and the check of its export) for the rest of the
 * transaction, so two clicks never make two releases and a withdrawal never races the check.
 */
export async function lockCompanyMonth(trx: Knex.Transaction, companyNo: number, month: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(1034, hashtext(?))', [`${companyNo}-${month}`])
}

/** The living release of a company's month, or undefined. */
export async function livingRelease(db: Knex | Knex.Transaction, companyNo: number, month: string): Promise<MonthReleaseRow | undefined> {
  return db('month_releases').where({ company_no: companyNo, month }).whereNull('withdrawn_at').first('id', 'company_no', 'month', 'released_by_name', 'released_at')
}

/** Stores a release by `actor`. */
export async function insertRelease(trx: Knex.Transaction, companyNo: number, month: string, actor: Actor): Promise<void> {
  await trx('month_releases').insert({ company_no: companyNo, month, released_by: actor.id, released_by_name: actor.name })
}

/** Marks a release withdrawn by `actor` (the row is kept). */
export async function withdrawRelease(trx: Knex.Transaction, id: number, actor: Actor): Promise<void> {
  await trx('month_releases').where({ id }).update({ withdrawn_at: trx.fn.now(), withdrawn_by: actor.id, withdrawn_by_name: actor.name })
}
