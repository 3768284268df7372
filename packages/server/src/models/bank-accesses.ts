import type { Knex } from 'knex'
import { accessState, daysBetween, type BankAccessPhase, type BankAccessStatus } from '@portal/sdk/domain'
import type { BankAccessRecord } from '@portal/sdk/services'

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value))
const day = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}

/** A stored access row. */
export interface BankAccessRow {
  id: number
  company_no: number
  iban: string
  status: BankAccessStatus
  expires_on: string | null
  provider: 'files' | 'psd2'
  consent_id: string | null
  institution_id: string | null
}

async function withEvents(db: Knex | Knex.Transaction, rows: Record<string, unknown>[], today: string): Promise<BankAccessRecord[]> {
  const ids = rows.map((row) => Number(row.id))
  const events = ids.length === 0 ? [] : ((await db('bank_access_events').whereIn('access_id', ids).orderBy('id')) as Record<string, unknown>[])
  return rows.map((row) => {
    const status = row.status as BankAccessStatus
    const expiresOn = day(row.expires_on)
    return {
      id: Number(row.id),
      company_no: Number(row.company_no),
      company_name: (row.company_name as string | null) ?? null,
      iban: String(row.iban),
      name: (row.name as string | null) ?? null,
      provider: row.provider as 'files' | 'psd2',
      status,
      state: accessState({ status, expires_on: expiresOn }, today),
      expires_on: expiresOn,
      days_left: status === 'approved' && expiresOn ? daysBetween(today, expiresOn) : null,
      requested_by_name: (row.requested_by_name as string | null) ?? null,
      requested_at: iso(row.requested_at) ?? '',
      decided_by_name: (row.decided_by_name as string | null) ?? null,
      decided_at: iso(row.decided_at),
      reason: (row.reason as string | null) ?? null,
      consent_link: status === 'pending' || status === 'approved' ? ((row.consent_link as string | null) ?? null) : null,
      events: events
        .filter((event) => Number(event.access_id) === Number(row.id))
        .map((event) => ({ action: String(event.action), actor_name: (event.actor_name as string | null) ?? null, at: iso(event.at) ?? '', expires_on: day(event.expires_on) })),
    }
  })
}

const withCompany = (db: Knex | Knex.Transaction) =>
  db('bank_accesses as a').leftJoin('companies as c', 'c.company_no', 'a.company_no').select('a.*', 'c.company_name')

/** A company's accesses, newest first. */
export async function bankAccessesOf(db: Knex | Knex.Transaction, companyNo: number, today: string): Promise<BankAccessRecord[]> {
  return withEvents(db, (await withCompany(db).where('a.company_no', companyNo).orderBy('a.id', 'desc')) as Record<string, unknown>[], today)
}

/**
 * The accesses of the given companies (undefined: every company, for internal calls) for the approvals page, pending
 * first, narrowed by state and a search.
 */
export async function allBankAccesses(db: Knex, today: string, filter: { companies?: readonly number[]; state?: BankAccessPhase; search?: string }): Promise<BankAccessRecord[]> {
  const query = withCompany(db).orderByRaw(`case when a.status = 'pending' then 0 else 1 end, a.expires_on asc nulls last, a.id desc`).limit(1000)
  if (filter.companies) query.whereIn('a.company_no', [...filter.companies])
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    query.where((where) => where.whereILike('c.company_name', like).orWhereILike('a.iban', like.replace(/\s+/g, '')).orWhereRaw('a.company_no::text = ?', [filter.search ?? '']))
  }
  const records = await withEvents(db, (await query) as Record<string, unknown>[], today)
  return filter.state ? records.filter((record) => record.state === filter.state) : records
}

/** One access (locked for a change in a transaction). */
export async function bankAccessRow(db: Knex | Knex.Transaction, id: number, lock = false): Promise<BankAccessRow | undefined> {
  const query = db('bank_accesses').where({ id })
  const row = (await (lock ? query.forUpdate().first() : query.first())) as Record<string, unknown> | undefined
  return row
    ? { id: Number(row.id), company_no: Number(row.company_no), iban: String(row.iban), status: row.status as BankAccessStatus, expires_on: day(row.expires_on), provider: row.provider as 'files' | 'psd2', consent_id: (row.consent_id as string | null) ?? null, institution_id: (row.institution_id as string | null) ?? null }
    : undefined
}

/** One access as the wire record. */
export async function bankAccessRecord(db: Knex | Knex.Transaction, id: number, today: string): Promise<BankAccessRecord | undefined> {
  const [record] = await withEvents(db, (await withCompany(db).where('a.id', id)) as Record<string, unknown>[], today)
  return record
}

/** The company of an access, or undefined. */
export async function companyOfBankAccess(db: Knex, id: number): Promise<number | undefined> {
  return (await bankAccessRow(db, id))?.company_no
}

/** The living (pending or approved) access of a company's account, if any. */
export async function liveAccessOfIban(db: Knex | Knex.Transaction, companyNo: number, iban: string): Promise<BankAccessRow | undefined> {
  const row = (await db('bank_accesses').where({ company_no: companyNo, iban }).whereIn('status', ['pending', 'approved']).first('id')) as { id: number } | undefined
  return row ? bankAccessRow(db, Number(row.id)) : undefined
}

/** Inserts a requested access; answers its id. */
export async function insertBankAccess(trx: Knex.Transaction, access: { companyNo: number; iban: string; name: string | null; provider: 'files' | 'psd2'; institutionId: string | null; actorName: string | null }): Promise<number> {
  const [row] = await trx('bank_accesses')
    .insert({ company_no: access.companyNo, iban: access.iban, name: access.name, provider: access.provider, institution_id: access.institutionId, status: 'pending', requested_by_name: access.actorName })
    .returning('id')
  return Number((row as { id: number }).id)
}

/** Changes an access and records the step. */
export async function changeBankAccess(
  trx: Knex.Transaction,
  id: number,
  change: { status?: BankAccessStatus; expires_on?: string | null; reason?: string | null; decided_by_name?: string | null; decided?: boolean; consent_id?: string; consent_link?: string },
  event: { action: string; actorName: string | null },
): Promise<void> {
  const { decided, ...columns } = change
  await trx('bank_accesses').where({ id }).update({ ...columns, ...(decided ? { decided_at: trx.fn.now() } : {}) })
  await trx('bank_access_events').insert({ access_id: id, action: event.action, actor_name: event.actorName, expires_on: change.expires_on ?? null })
}

/** Records a step without a change (the request itself). */
export async function appendBankAccessEvent(trx: Knex.Transaction, id: number, action: string, actorName: string | null): Promise<void> {
  await trx('bank_access_events').insert({ access_id: id, action, actor_name: actorName })
}

/** The ids of a company's living accesses (the terms' withdrawal revokes them). */
export async function liveAccessIds(trx: Knex.Transaction, companyNo: number): Promise<number[]> {
  const rows = (await trx('bank_accesses').where({ company_no: companyNo }).whereIn('status', ['pending', 'approved']).select('id')) as { id: number }[]
  return rows.map((row) => Number(row.id))
}
