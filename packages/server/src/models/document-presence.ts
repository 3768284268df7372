import type { Knex } from 'knex'
import type { DocumentPresence } from '@portal/sdk/services'
import { documentKindsOf } from './documents/index'

/** A presence to record or renew. */
export interface PresenceBeat {
  document_id: number
  company_no: number
  user_key: string
  name: string
  editing: boolean
  connection_key: string | null
  expires_at: Date
}

const toPresence = (row: Record<string, unknown>, kinds: Map<number, string>): DocumentPresence => ({
  document_id: Number(row.document_id),
  // The document's stored kind: its events reach only those who may see it (an outgoing invoice: lar).
  document_type: kinds.get(Number(row.document_id)) ?? '',
  company_no: Number(row.company_no),
  user_key: String(row.user_key),
  name: String(row.name),
  editing: Boolean(row.editing),
  expires_at: row.expires_at instanceof Date ? row.expires_at.toISOString() : new Date(String(row.expires_at)).toISOString(),
})

/** Presences of these rows, each with its document's kind. */
async function toPresences(db: Knex, rows: Record<string, unknown>[]): Promise<DocumentPresence[]> {
  const kinds = await documentKindsOf(db, rows.map((row) => Number(row.document_id)))
  return rows.map((row) => toPresence(row, kinds))
}

/** Records or renews one person's presence on a document; answers it. */
export async function beatPresence(db: Knex, beat: PresenceBeat): Promise<DocumentPresence> {
  const [row] = await db('document_presence')
    .insert(beat)
    .onConflict(['document_id', 'user_key'])
    .merge(['name', 'editing', 'connection_key', 'expires_at', 'company_no'])
    .returning('*')
  const [presence] = await toPresences(db, [row])
  return presence!
}

/** Who has the document open now (lapsed presences left out), earliest expiry first. */
export async function livePresences(db: Knex, documentId: number, now: Date): Promise<DocumentPresence[]> {
  const rows: Record<string, unknown>[] = await db('document_presence')
    .where({ document_id: documentId })
    .where('expires_at', '>', now)
    .orderBy('expires_at')
  return toPresences(db, rows)
}

/** Ends one person's presence on a document; answers it, or undefined when there was none. */
export async function endPresence(db: Knex, documentId: number, userKey: string): Promise<DocumentPresence | undefined> {
  const [row] = await db('document_presence').where({ document_id: documentId, user_key: userKey }).delete().returning('*')
  return row ? (await toPresences(db, [row]))[0] : undefined
}

/** Ends every presence a closed socket held; answers them (for the `removed` events). */
export async function endConnectionPresences(db: Knex, connectionKey: string): Promise<DocumentPresence[]> {
  const rows: Record<string, unknown>[] = await db('document_presence').where({ connection_key: connectionKey }).delete().returning('*')
  return toPresences(db, rows)
}

/** Removes lapsed presences (housekeeping); answers them. */
export async function endLapsedPresences(db: Knex, now: Date): Promise<DocumentPresence[]> {
  const rows: Record<string, unknown>[] = await db('document_presence').where('expires_at', '<=', now).delete().returning('*')
  return toPresences(db, rows)
}
