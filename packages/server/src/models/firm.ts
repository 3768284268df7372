import type { Knex } from 'knex'
import type { Firm } from '@portal/sdk/services'

/** The firm table: the tax firm's one row (id 'firm'); the sealed WEBEKU password is never read into an answer. */

const ID = 'firm'

/** The firm as answers show it: whether a password is stored, never the password. */
export async function loadFirm(db: Knex): Promise<Firm> {
  const row = (await db('firm').where({ id: ID }).first('name', 'ntcs_id', 'webeku_user', 'updated_at', db.raw('webeku_password_sealed is not null as password_set'))) as
    | Record<string, unknown>
    | undefined
  return {
    name: (row?.name as string | undefined) ?? '',
    ntcsId: row ? Number(row.ntcs_id) : null,
    webekuUser: (row?.webeku_user as string | undefined) ?? '',
    webekuPasswordSet: Boolean(row?.password_set),
    saved: row !== undefined,
    updatedAt: row?.updated_at ? new Date(row.updated_at as string).toISOString() : null,
  }
}

/** The firm row locked for a change, or undefined before the first save. */
export async function lockFirm(trx: Knex.Transaction): Promise<Record<string, unknown> | undefined> {
  return (await trx('firm').where({ id: ID }).forUpdate().first('name', 'ntcs_id', 'webeku_user', 'webeku_password_sealed')) as Record<string, unknown> | undefined
}

/** Saves the firm; a sealed password left undefined keeps the stored one. */
export async function saveFirm(trx: Knex.Transaction, values: { name: string; ntcsId: number; webekuUser: string; sealedPassword?: string }): Promise<void> {
  const row = {
    name: values.name,
    ntcs_id: values.ntcsId,
    webeku_user: values.webekuUser,
    updated_at: trx.fn.now(),
    ...(values.sealedPassword ? { webeku_password_sealed: values.sealedPassword } : {}),
  }
  await trx('firm').insert({ id: ID, ...row }).onConflict('id').merge(Object.keys(row))
}

/** Deletes the firm (its password with it); answers whether there was one. */
export async function deleteFirm(trx: Knex.Transaction): Promise<boolean> {
  return (await trx('firm').where({ id: ID }).delete()) > 0
}

/** The sealed WEBEKU password, for the server's own use (the FinanzOnline/WEBEKU connection); never answered. */
export async function sealedWebekuPassword(db: Knex): Promise<string | null> {
  const row = (await db('firm').where({ id: ID }).first('webeku_password_sealed')) as { webeku_password_sealed: string | null } | undefined
  return row?.webeku_password_sealed ?? null
}
