import type { Knex } from 'knex'
import { findAccountByLogin, touchLastLogin, type AccountRow } from './accounts'
import { ACCOUNT_POLICY, ADDRESS_POLICY, checkThrottle, clearFailures, recordFailure, type Throttle } from './brute-force'
import { hashPassword, verifyPassword } from './passwords'

/** Why a sign-in was refused; each maps to an idp:signIn.* message. */
export type SignInRefusal =
  | { reason: 'missingFields' }
  | { reason: 'invalidCredentials' }
  | { reason: 'accountDisabled' }
  | { reason: 'wait'; seconds: number }
  | { reason: 'locked'; minutes: number }

/** Outcome of checking the sign-in form. */
export type SignInResult = { ok: true; account: AccountRow } | ({ ok: false } & SignInRefusal)

let dummyHash: Promise<string> | undefined

// Unknown names are checked against a throw-away hash so the answer takes as long as for a real account.
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password')
  return dummyHash
}

function refusal(throttle: Throttle): SignInRefusal | undefined {
  if (throttle.allowed) return undefined
  return throttle.reason === 'locked'
    ? { reason: 'locked', minutes: Math.max(1, Math.ceil(throttle.retryAfterSeconds / 60)) }
    : { reason: 'wait', seconds: throttle.retryAfterSeconds }
}

function stronger(a: SignInRefusal | undefined, b: SignInRefusal | undefined): SignInRefusal | undefined {
  if (!a) return b
  if (!b) return a
  if (a.reason === 'locked') return a
  return b
}

/**
 * Checks a sign-in: brute-force throttles per account and per address first, then the password, then whether
 * the account is enabled. Failures are counted for both keys; success clears the account's counter.
 */
export async function checkSignIn(knex: Knex, login: string, password: string, address: string): Promise<SignInResult> {
  if (!login.trim() || !password) return { ok: false, reason: 'missingFields' }
  const account = await findAccountByLogin(knex, login)
  // Unknown names get their own counter, so a lock does not tell which names exist.
  const accountKey = account ? `account:${account.id}` : `login:${login.trim().toLowerCase()}`
  const addressKey = `ip:${address}`
  const held = stronger(
    refusal(await checkThrottle(knex, accountKey, ACCOUNT_POLICY)),
    refusal(await checkThrottle(knex, addressKey, ADDRESS_POLICY)),
  )
  const countFailure = async (): Promise<SignInRefusal | undefined> =>
    stronger(
      refusal(await recordFailure(knex, accountKey, ACCOUNT_POLICY)),
      refusal(await recordFailure(knex, addressKey, ADDRESS_POLICY)),
    )
  if (held) {
    const now = await countFailure()
    return { ok: false, ...(now ?? held) }
  }
  const valid = account?.password_hash
    ? await verifyPassword(account.password_hash, password)
    : (await verifyPassword(await timingDummy(), password), false)
  if (!account || !valid) {
    const now = await countFailure()
    // The lock is announced as soon as it starts; a mere wait shows after the next try.
    return now?.reason === 'locked' ? { ok: false, ...now } : { ok: false, reason: 'invalidCredentials' }
  }
  if (!account.enabled) return { ok: false, reason: 'accountDisabled' }
  await clearFailures(knex, accountKey)
  await touchLastLogin(knex, account.id)
  return { ok: true, account }
}
