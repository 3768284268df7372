import type { Knex } from 'knex'
import type { FonSettings } from '@portal/sdk/services'

/** The fon_settings table: the firm's one FON user (id 'fon'); the PIN is stored but never read back out. */

const ID = 'fon'

/** The FON user as the form shows it (no PIN). */
export async function loadFonSettings(db: Knex): Promise<FonSettings> {
  const row = await db('fon_settings').where({ id: ID }).first()
  return {
    participantId: row?.participant_id ?? '',
    userId: row?.user_id ?? '',
    pinSet: Boolean(row?.pin),
    twoFactor: Boolean(row?.two_factor),
    updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
  }
}

/** Saves the FON user's fields; a PIN left undefined keeps the stored one. */
export async function saveFonSettings(db: Knex, values: { participantId: string; userId: string; pin?: string; twoFactor: boolean }): Promise<void> {
  const row = { participant_id: values.participantId, user_id: values.userId, two_factor: values.twoFactor, updated_at: db.fn.now(), ...(values.pin ? { pin: values.pin } : {}) }
  await db('fon_settings').insert({ id: ID, ...row }).onConflict('id').merge(Object.keys(row))
}

/** Serialises changes of the FON user (there may be no row to lock yet): the first statement of a change's transaction. */
export async function lockFonSettings(trx: Knex.Transaction): Promise<void> {
  await trx.raw('lock table fon_settings in share row exclusive mode')
}
