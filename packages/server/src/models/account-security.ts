import type { Knex } from 'knex'

/** The authenticator of a user as stored (secret sealed). */
export interface TotpRow {
  user_id: string
  secret_encrypted: string
  last_step: string | number | null
  confirmed_at: Date | string | null
}

/** A stored passkey. */
export interface PasskeyRow {
  id: string
  user_id: string
  name: string
  public_key: string
  counter: string | number
  transports: string[] | string
  created_at: Date | string
  last_used_at: Date | string | null
}

/** The authenticator of a user, confirmed or still being set up. */
export async function loadTotp(db: Knex, userId: string, forUpdate = false): Promise<TotpRow | undefined> {
  const query = db<TotpRow>('user_totp').where({ user_id: userId })
  return forUpdate ? query.forUpdate().first() : query.first()
}

/** Stores a new, unconfirmed authenticator secret (replacing an unconfirmed one). */
export async function saveTotpSetup(db: Knex, userId: string, sealed: string): Promise<void> {
  await db('user_totp')
    .insert({ user_id: userId, secret_encrypted: sealed, last_step: null, confirmed_at: null, created_at: db.fn.now() })
    .onConflict('user_id')
    .merge()
}

/** Remembers the step of an accepted code (and confirms a set-up). */
export async function acceptTotpStep(db: Knex, userId: string, step: number, confirm: boolean): Promise<void> {
  await db('user_totp')
    .where({ user_id: userId })
    .update({ last_step: step, ...(confirm ? { confirmed_at: db.fn.now() } : {}) })
}

/** Replaces a user's recovery codes with new hashes. */
export async function replaceRecoveryCodes(db: Knex, userId: string, hashes: readonly string[]): Promise<void> {
  await db('user_recovery_codes').where({ user_id: userId }).delete()
  await db('user_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
}

/** Spends an unused recovery code; false when there is none with this hash. */
export async function spendRecoveryCode(db: Knex, userId: string, hash: string): Promise<boolean> {
  const spent = await db('user_recovery_codes').where({ user_id: userId, code_hash: hash }).whereNull('used_at').update({ used_at: db.fn.now() })
  return spent > 0
}

/** How many recovery codes are left. */
export async function recoveryCodesLeft(db: Knex, userId: string): Promise<number> {
  const row = await db('user_recovery_codes').where({ user_id: userId }).whereNull('used_at').count<{ count: string | number }[]>('* as count').first()
  return Number(row?.count ?? 0)
}

/** A user's passkeys, oldest first. */
export async function listPasskeys(db: Knex, userId: string): Promise<PasskeyRow[]> {
  return db<PasskeyRow>('user_passkeys').where({ user_id: userId }).orderBy('created_at')
}

/** A passkey by its credential id. */
export async function findPasskey(db: Knex, id: string): Promise<PasskeyRow | undefined> {
  return db<PasskeyRow>('user_passkeys').where({ id }).first()
}

/** Whether the user has a confirmed authenticator or a passkey. */
export async function hasSecondFactor(db: Knex, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  const totp = await db('user_totp').where({ user_id: userId }).whereNotNull('confirmed_at').first('user_id')
  const passkeys = await db('user_passkeys').where({ user_id: userId }).count<{ count: string | number }[]>('* as count').first()
  return { totp: Boolean(totp), passkeys: Number(passkeys?.count ?? 0) }
}

/**
 * Writes the summary the user manager keeps in `users.second_factor` (which factors, no secrets), or null when
 * none is left; call after every change of factors, in its transaction.
 */
export async function syncSecondFactorSummary(db: Knex, userId: string): Promise<void> {
  const { totp, passkeys } = await hasSecondFactor(db, userId)
  const methods = [...(totp ? ['totp'] : []), ...(passkeys > 0 ? ['passkey'] : [])]
  await db('users')
    .where({ id: userId })
    .update({ second_factor: methods.length > 0 ? JSON.stringify({ methods, passkeys }) : null })
}

/** Removes every second factor of a user (the administrator's reset). */
export async function clearSecondFactors(db: Knex, userId: string): Promise<void> {
  await db('user_totp').where({ user_id: userId }).delete()
  await db('user_recovery_codes').where({ user_id: userId }).delete()
  await db('user_passkeys').where({ user_id: userId }).delete()
  await db('sign_in_challenges').where({ user_id: userId }).delete()
  await syncSecondFactorSummary(db, userId)
}

/**
 * What an administrator's password reset removes beside the password (issue 30): every passkey — a passkey signs in
 * without the password, so one left behind would outlive the reset — and the pending challenges. The authenticator
 * app and its recovery codes stay: they never sign in without the (new) password. Answers the removed passkeys' names.
 */
export async function clearPasswordEquivalents(db: Knex, userId: string): Promise<string[]> {
  const names = (await db('user_passkeys').where({ user_id: userId }).orderBy('created_at').pluck('name')) as string[]
  await db('user_passkeys').where({ user_id: userId }).delete()
  await db('sign_in_challenges').where({ user_id: userId }).delete()
  await syncSecondFactorSummary(db, userId)
  return names
}

/** A pending challenge (sign-in step or passkey registration). */
export interface ChallengeRow {
  key: string
  user_id: string | null
  challenge: string | null
  expires_at: Date | string
}

/** Stores what a sign-in or registration in progress owes, for `seconds`. */
export async function putChallenge(db: Knex, key: string, userId: string | null, challenge: string | null, seconds: number): Promise<void> {
  await db('sign_in_challenges')
    .insert({ key, user_id: userId, challenge, expires_at: new Date(Date.now() + seconds * 1000) })
    .onConflict('key')
    .merge()
}

/** A pending challenge that has not expired. */
export async function loadChallenge(db: Knex, key: string): Promise<ChallengeRow | undefined> {
  await db('sign_in_challenges').where('expires_at', '<', new Date()).delete()
  return db<ChallengeRow>('sign_in_challenges').where({ key }).first()
}

/** Takes a WebAuthn challenge out for good: each is answered at most once (a replayed assertion finds none). */
export async function takeChallenge(db: Knex, key: string): Promise<ChallengeRow | undefined> {
  return db.transaction(async (trx) => {
    const row = await trx<ChallengeRow>('sign_in_challenges').where({ key }).where('expires_at', '>', new Date()).forUpdate().first()
    if (!row?.challenge) return undefined
    await trx('sign_in_challenges').where({ key }).update({ challenge: null })
    return row
  })
}

/** Removes a challenge. */
export async function dropChallenge(db: Knex, key: string): Promise<void> {
  await db('sign_in_challenges').where({ key }).delete()
}

/** The scopes the firm requires a second factor for ('all' or permission codes). */
export async function loadPolicy(db: Knex): Promise<string[]> {
  return (await db('second_factor_policy').orderBy('scope').select('scope')).map((row: { scope: string }) => row.scope)
}

/** Whether the policy asks a second factor of a user with these permissions. */
export function policyRequires(scopes: readonly string[], permissions: readonly string[]): boolean {
  return scopes.includes('all') || permissions.some((permission) => scopes.includes(permission))
}
