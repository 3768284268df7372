import type { Knex } from 'knex'
import { emailKey, type ClientAccess, type UserAccessState } from '@portal/sdk/domain'

/** The users, user_clients and password_setup_tokens queries of user administration. */

/** A user's access as the bulk change and the audit log need it, plus what sessions and events need. */
export interface AccessRecord extends UserAccessState {
  keycloakId: string
  firstName: string
  lastName: string
}

// pg parses text[] into an array; a driver that does not hands back the literal '{a,b}'.
function textArray(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[]
  if (typeof value !== 'string' || value === '{}' || value === '') return []
  return value.replace(/^\{|\}$/g, '').split(',').map((item) => item.replace(/^"|"$/g, ''))
}

const BATCH = 1000

/** The access records of the given users (by id), or of those with the given e-mails. */
export async function accessRecords(db: Knex, by: { ids?: readonly string[]; emails?: readonly string[] }): Promise<AccessRecord[]> {
  const rows: Record<string, unknown>[] = []
  const keys = by.ids ?? (by.emails ?? []).map(emailKey)
  for (let i = 0; i < keys.length; i += BATCH) {
    const slice = keys.slice(i, i + BATCH)
    const builder = db('users').select('id', 'keycloak_id', 'email', 'first_name', 'last_name', 'permissions', 'client_access', 'enabled')
    if (by.ids) builder.whereIn('id', slice)
    else builder.whereIn(db.raw('lower(email)') as unknown as string, slice)
    rows.push(...((await builder) as Record<string, unknown>[]))
  }
  const clients: { user_id: string; company_no: number; mode: string }[] = []
  const ids = rows.map((row) => String(row.id))
  for (let i = 0; i < ids.length; i += BATCH) {
    clients.push(...(await db('user_clients').whereIn('user_id', ids.slice(i, i + BATCH)).select('user_id', 'company_no', 'mode').orderBy('company_no')))
  }
  const byUser = new Map<string, { klienten: number[]; excluded: number[] }>()
  for (const row of clients) {
    const entry = byUser.get(row.user_id) ?? { klienten: [], excluded: [] }
    ;(row.mode === 'excluded' ? entry.excluded : entry.klienten).push(Number(row.company_no))
    byUser.set(row.user_id, entry)
  }
  return rows.map((row) => ({
    id: String(row.id),
    keycloakId: String(row.keycloak_id),
    email: String(row.email),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    permissions: textArray(row.permissions),
    clientAccess: row.client_access === 'all' ? 'all' : ('assigned' as ClientAccess),
    klienten: byUser.get(String(row.id))?.klienten ?? [],
    excluded: byUser.get(String(row.id))?.excluded ?? [],
    enabled: Boolean(row.enabled),
  }))
}

/** The company numbers of the list that exist. */
export async function existingCompanies(db: Knex, companies: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>()
  const unique = [...new Set(companies)]
  for (let i = 0; i < unique.length; i += BATCH) {
    const rows = (await db('companies').whereIn('company_no', unique.slice(i, i + BATCH)).select('company_no')) as { company_no: number }[]
    for (const row of rows) found.add(Number(row.company_no))
  }
  return found
}

/**
 * Writes users' new access (permissions, client access, enabled, assignments) in a few statements for the whole list,
 * so a bulk change of a thousand users stays one short transaction.
 */
export async function writeAccess(trx: Knex.Transaction, changes: readonly { before: UserAccessState; after: UserAccessState }[]): Promise<void> {
  if (changes.length === 0) return
  const users = changes.map(({ after }) => ({ id: after.id, permissions: after.permissions, client_access: after.clientAccess, enabled: after.enabled }))
  const removed: { user_id: string; company_no: number; mode: string }[] = []
  const added: { user_id: string; company_no: number; mode: string }[] = []
  for (const { before, after } of changes) {
    for (const mode of ['assigned', 'excluded'] as const) {
      const was = mode === 'assigned' ? before.klienten : before.excluded
      const now = mode === 'assigned' ? after.klienten : after.excluded
      for (const company_no of was) if (!now.includes(company_no)) removed.push({ user_id: before.id, company_no, mode })
      for (const company_no of now) if (!was.includes(company_no)) added.push({ user_id: before.id, company_no, mode })
    }
  }
  for (let i = 0; i < users.length; i += BATCH) {
    await trx.raw(
      `update users set permissions = array(select jsonb_array_elements_text(r.permissions)), client_access = r.client_access,
         enabled = r.enabled, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as r(id uuid, permissions jsonb, client_access text, enabled boolean)
       where users.id = r.id`,
      [JSON.stringify(users.slice(i, i + BATCH))],
    )
  }
  for (let i = 0; i < removed.length; i += BATCH) {
    await trx.raw(
      `delete from user_clients using jsonb_to_recordset(?::jsonb) as r(user_id uuid, company_no integer, mode text)
       where user_clients.user_id = r.user_id and user_clients.company_no = r.company_no and user_clients.mode = r.mode`,
      [JSON.stringify(removed.slice(i, i + BATCH))],
    )
  }
  for (let i = 0; i < added.length; i += BATCH) {
    await trx('user_clients').insert(added.slice(i, i + BATCH)).onConflict(['user_id', 'company_no']).merge(['mode'])
  }
}

/**
 * Whether an import of this user is still in progress: a document they uploaded is still being read (its
 * extraction job queued or running). Deleting them then would orphan the import (SPEC §8).
 */
export async function importInProgress(db: Knex, userId: string): Promise<boolean> {
  const row = await db('jobs')
    .whereIn('state', ['queued', 'running'])
    .whereRaw(`(payload->>'documentId') ~ '^[0-9]+$'`)
    .whereIn(db.raw(`(payload->>'documentId')::integer`) as unknown as string, db('documents').where({ created_by: userId }).select('id'))
    .first('id')
  return row !== undefined
}

/** A one-time password link's stored half: the token's SHA-256, whose user and until when. */
export interface SetupTokenRow {
  token_hash: string
  user_id: string
  purpose: 'setup' | 'reset'
  expires_at: Date
}

/** Stores a new one-time token (its hash) and drops the user's earlier unused ones, so only the newest link works. */
export async function storeSetupToken(trx: Knex | Knex.Transaction, row: SetupTokenRow): Promise<void> {
  await trx('password_setup_tokens').where({ user_id: row.user_id }).whereNull('used_at').delete()
  await trx('password_setup_tokens').insert(row)
}

/** The unused, unexpired token with that hash, locked for the caller's transaction; undefined when there is none. */
export async function lockSetupToken(trx: Knex.Transaction, tokenHash: string): Promise<SetupTokenRow | undefined> {
  return (await trx('password_setup_tokens')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .forUpdate()
    .first()) as SetupTokenRow | undefined
}

/** Marks a token used (it cannot be used twice). */
export async function markSetupTokenUsed(trx: Knex.Transaction, tokenHash: string): Promise<void> {
  await trx('password_setup_tokens').where({ token_hash: tokenHash }).update({ used_at: new Date() })
}
