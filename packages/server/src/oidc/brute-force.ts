import type { Knex } from 'knex'

/** Thresholds of the brute-force detection, modelled on Keycloak's (failures before waiting, then locking). */
export interface BruteForcePolicy {
  /** Failures after which every further attempt must wait. */
  waitAfter: number
  /** First wait in seconds; it doubles with each further failure. */
  waitSeconds: number
  /** Longest wait in seconds. */
  maxWaitSeconds: number
  /** Failures after which sign-in is locked. */
  lockAfter: number
  /** How long a lock lasts, in seconds. */
  lockSeconds: number
  /** A counter without failures for this long starts again from zero. */
  resetAfterSeconds: number
}

/** Per account: wait from the 5th failure, lock for 15 minutes at the 10th. */
export const ACCOUNT_POLICY: BruteForcePolicy = {
  waitAfter: 5,
  waitSeconds: 2,
  maxWaitSeconds: 60,
  lockAfter: 10,
  lockSeconds: 15 * 60,
  resetAfterSeconds: 12 * 60 * 60,
}

/** Per address: higher limits, because a whole office may sign in from one address. */
export const ADDRESS_POLICY: BruteForcePolicy = {
  waitAfter: 20,
  waitSeconds: 1,
  maxWaitSeconds: 30,
  lockAfter: 40,
  lockSeconds: 15 * 60,
  resetAfterSeconds: 60 * 60,
}

/** Whether a sign-in may be tried now, and if not, for how long it is held back. */
export type Throttle = { allowed: true } | { allowed: false; reason: 'wait' | 'locked'; retryAfterSeconds: number }

interface FailureRow {
  key: string
  failures: number
  last_failure: Date | string
  locked_until: Date | string | null
}

const TABLE = 'login_failures'

function current(row: FailureRow | undefined, policy: BruteForcePolicy, now: number): FailureRow | undefined {
  if (!row) return undefined
  const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : 0
  const stale = now - new Date(row.last_failure).getTime() > policy.resetAfterSeconds * 1000
  return stale && lockedUntil <= now ? undefined : row
}

function waitFor(failures: number, policy: BruteForcePolicy): number {
  if (failures < policy.waitAfter) return 0
  return Math.min(policy.maxWaitSeconds, policy.waitSeconds * 2 ** (failures - policy.waitAfter))
}

/** Whether the key (account or address) may try to sign in now. */
export async function checkThrottle(knex: Knex, key: string, policy: BruteForcePolicy, now = Date.now()): Promise<Throttle> {
  const row = current(await knex<FailureRow>(TABLE).where({ key }).first(), policy, now)
  if (!row) return { allowed: true }
  const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : 0
  if (lockedUntil > now) return { allowed: false, reason: 'locked', retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000) }
  const waitUntil = new Date(row.last_failure).getTime() + waitFor(row.failures, policy) * 1000
  if (waitUntil > now) return { allowed: false, reason: 'wait', retryAfterSeconds: Math.ceil((waitUntil - now) / 1000) }
  return { allowed: true }
}

/**
 * Counts a failed attempt (also one refused while waiting: hammering shortens the way to the lock).
 * Returns the throttle that now applies.
 */
export async function recordFailure(knex: Knex, key: string, policy: BruteForcePolicy, now = Date.now()): Promise<Throttle> {
  await knex.transaction(async (trx) => {
    const row = current(await trx<FailureRow>(TABLE).where({ key }).forUpdate().first(), policy, now)
    const lockedUntil = row?.locked_until ? new Date(row.locked_until).getTime() : 0
    // After a lock has run out the count starts again, so the next lock needs a fresh series of failures.
    const failures = row && !(lockedUntil && lockedUntil <= now) ? row.failures + 1 : 1
    // A running lock is not extended by attempts made during it (as in Keycloak).
    const lock =
      lockedUntil > now ? new Date(lockedUntil) : failures >= policy.lockAfter ? new Date(now + policy.lockSeconds * 1000) : null
    await trx(TABLE)
      .insert({ key, failures, last_failure: new Date(now), locked_until: lock })
      .onConflict('key')
      .merge()
  })
  return checkThrottle(knex, key, policy, now)
}

/** Forgets the failures of a key after a successful sign-in. */
export async function clearFailures(knex: Knex, key: string): Promise<void> {
  await knex(TABLE).where({ key }).delete()
}
