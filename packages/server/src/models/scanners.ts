import { createHash, randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { SCANNER_TOKEN_PREFIX, type Reason, type Scanner } from '@portal/sdk/services'
import { storableJson } from '../db/storable-text'

/** A fresh scanner token: the prefix and 32 random bytes, URL-safe. Shown once; only its hash is kept. */
export function newScannerToken(): string {
  return `${SCANNER_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
}

/** The stored form of a token: SHA-256, hex (the token is random, so no salt or slow hash is needed). */
export function hashScannerToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** What the upload door needs of the scanner a token belongs to. */
export interface ScannerCredential {
  id: number
  company_no: number
  location: string
  activated: boolean
}

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(value as string).toISOString())

function today(): string {
  const now = new Date()
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
}

const dayOf = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}

/** The scanners (all, one company's, or those of the given companies) as the scanner manager shows them, by location. */
export async function listScanners(db: Knex, filter: { id?: number; companyNo?: number; companies?: number[] } = {}): Promise<Scanner[]> {
  const query = db('scanners as s')
    .join('companies as c', 'c.company_no', 's.company_no')
    .select('s.*', 'c.company_name')
    .orderBy([{ column: 's.location' }, { column: 's.id' }])
  if (filter.id !== undefined) query.where('s.id', filter.id)
  if (filter.companyNo !== undefined) query.where('s.company_no', filter.companyNo)
  if (filter.companies !== undefined) query.whereIn('s.company_no', filter.companies)
  const rows = (await query) as Record<string, unknown>[]
  if (rows.length === 0) return []
  const users = (await db('scanner_users as su')
    .join('users as u', 'u.id', 'su.user_id')
    .whereIn(
      'su.scanner_id',
      rows.map((row) => Number(row.id)),
    )
    .orderBy('u.email')
    .select('su.scanner_id', 'u.id', 'u.email', 'u.first_name', 'u.last_name')) as Record<string, string>[]
  const day = today()
  return rows.map((row) => ({
    id: Number(row.id),
    location: String(row.location),
    company_no: Number(row.company_no),
    company_name: String(row.company_name),
    activated: Boolean(row.activated),
    has_token: row.token_hash !== null,
    token_issued_at: iso(row.token_issued_at),
    last_seen: iso(row.last_seen),
    documents_today: dayOf(row.count_day) === day ? Number(row.documents_today) : 0,
    documents_total: Number(row.documents_total),
    last_error: (row.last_error as Reason | null) ?? null,
    last_error_at: iso(row.last_error_at),
    users: users
      .filter((user) => Number(user.scanner_id) === Number(row.id))
      .map((user) => ({ id: String(user.id), email: user.email, name: `${user.first_name} ${user.last_name}`.trim() })),
    created_at: iso(row.created_at) ?? '',
  }))
}

/** One scanner, or undefined. */
export async function loadScanner(db: Knex, id: number): Promise<Scanner | undefined> {
  return (await listScanners(db, { id }))[0]
}

/** The company a scanner delivers to, or undefined when there is no such scanner. */
export async function companyOfScanner(db: Knex, id: number): Promise<number | undefined> {
  const row = await db('scanners').where({ id }).first('company_no')
  return row ? Number(row.company_no) : undefined
}

/** The scanner a token belongs to (revoked tokens belong to none). */
export async function scannerOfToken(db: Knex, token: string): Promise<ScannerCredential | undefined> {
  const row = await db('scanners').where({ token_hash: hashScannerToken(token) }).first('id', 'company_no', 'location', 'activated')
  return row ? { id: Number(row.id), company_no: Number(row.company_no), location: String(row.location), activated: Boolean(row.activated) } : undefined
}

/** The portal user ids of these e-mail addresses; the addresses no user has are answered in `unknown`. */
export async function usersByEmail(db: Knex, emails: readonly string[]): Promise<{ ids: string[]; unknown: string[] }> {
  if (emails.length === 0) return { ids: [], unknown: [] }
  const lower = emails.map((email) => email.toLowerCase())
  const rows = (await db('users').whereRaw('lower(email) = any(?)', [lower]).select('id', 'email')) as { id: string; email: string }[]
  const found = new Set(rows.map((row) => row.email.toLowerCase()))
  return { ids: rows.map((row) => String(row.id)), unknown: emails.filter((email) => !found.has(email.toLowerCase())) }
}

/** Registers a scanner with the hash of its first token; answers its id. */
export async function insertScanner(trx: Knex.Transaction, scanner: { location: string; company_no: number; token_hash: string }): Promise<number> {
  const [row] = (await trx('scanners')
    .insert({ ...scanner, token_issued_at: trx.fn.now() })
    .returning('id')) as { id: number }[]
  return Number(row.id)
}

/** Changes a scanner's columns (location, company, activation, token); answers false when there is no such scanner. */
export async function updateScanner(
  db: Knex,
  id: number,
  changes: { location?: string; company_no?: number; activated?: boolean; token_hash?: string | null },
): Promise<boolean> {
  const row: Record<string, unknown> = { ...changes }
  if ('token_hash' in changes) row.token_issued_at = changes.token_hash === null ? null : db.fn.now()
  return (await db('scanners').where({ id }).update(row)) > 0
}

/** Replaces the users assigned to a scanner. */
export async function setScannerUsers(trx: Knex.Transaction, id: number, userIds: readonly string[]): Promise<void> {
  await trx('scanner_users').where({ scanner_id: id }).delete()
  if (userIds.length > 0) await trx('scanner_users').insert(userIds.map((user_id) => ({ scanner_id: id, user_id })))
}

/**
 * Records one call of the scanner upload door: last seen now, the documents it took in added to today's and the
 * total count, and the last error when a file or the call was refused.
 */
export async function recordScannerCall(db: Knex, id: number, call: { documents: number; error?: Reason }): Promise<void> {
  const day = today()
  const changes: Record<string, unknown> = {
    last_seen: db.fn.now(),
    documents_today: db.raw('case when count_day = ?::date then documents_today + ? else ? end', [day, call.documents, call.documents]),
    count_day: day,
    documents_total: db.raw('documents_total + ?', [call.documents]),
  }
  if (call.error) {
    // Whatever the refused request carried, its reason must be storable.
    changes.last_error = JSON.stringify(storableJson(call.error))
    changes.last_error_at = db.fn.now()
  }
  await db('scanners').where({ id }).update(changes)
}
