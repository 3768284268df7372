import type { Knex } from 'knex'
import { STEP_UP_SECONDS } from '@portal/sdk/services'

/**
 * The time a step-up is judged by. One place to turn the clock for tests that prove a proof older than
 * STEP_UP_SECONDS is refused; nothing else sets it.
 */
export const stepUpClock = { now: (): number => Date.now() }

/** Records that the session (provider grant) of the user proved itself now; answers until when it holds. */
export async function recordStepUp(db: Knex, userId: string, grantId: string): Promise<Date> {
  const now = stepUpClock.now()
  const until = new Date(now + STEP_UP_SECONDS * 1000)
  // The user's ended proofs go, so the table holds about one row per session that proved itself lately.
  await db('step_up_grants').where({ user_id: userId }).where('expires_at', '<=', new Date(now)).delete()
  await db('step_up_grants').insert({ grant_id: grantId, user_id: userId, expires_at: until }).onConflict('grant_id').merge()
  return until
}

/** Whether the user's session (provider grant) proved itself within the last STEP_UP_SECONDS. */
export async function hasLiveStepUp(db: Knex, userId: string, grantId: string | undefined): Promise<boolean> {
  if (!grantId) return false
  const row = (await db('step_up_grants').where({ grant_id: grantId, user_id: userId }).first('expires_at')) as { expires_at: Date | string } | undefined
  return row !== undefined && new Date(row.expires_at).getTime() > stepUpClock.now()
}

/** Ends every step-up of the user (their credentials were reset). */
export async function endStepUps(db: Knex, userId: string): Promise<void> {
  await db('step_up_grants').where({ user_id: userId }).delete()
}
