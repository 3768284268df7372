import type { Knex } from 'knex'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { hasSecondFactor, loadPolicy, policyRequires } from '../models/account-security'
import { checkPasskeyAssertion, checkSecondFactorCode, type AcceptedCode } from '../security/second-factor'
import type { RelyingParty } from '../security/passkeys'
import { ACCOUNT_POLICY, ADDRESS_POLICY, checkThrottle, clearFailures, recordFailure, type Throttle } from './brute-force'

/** What a sign-in needs after the right password. */
export type NextStep = { step: 'done' } | { step: 'verify'; passkeys: boolean } | { step: 'setup' }

function permissionsOf(value: string[] | string | null | undefined): string[] {
  if (Array.isArray(value)) return value
  if (!value || value === '{}') return []
  return value.replace(/^\{|\}$/g, '').split(',')
}

/** Asks for the user's second factor when they have one; walks them through set-up when the firm requires one. */
export async function nextSignInStep(knex: Knex, userId: string): Promise<NextStep> {
  const factors = await hasSecondFactor(knex, userId)
  if (factors.totp || factors.passkeys > 0) return { step: 'verify', passkeys: factors.passkeys > 0 }
  const row = (await knex('users').where({ id: userId }).first('permissions')) as { permissions: string[] | string | null } | undefined
  return policyRequires(await loadPolicy(knex), permissionsOf(row?.permissions)) ? { step: 'setup' } : { step: 'done' }
}

/** Refused: wrong, or held back by the brute-force protection. */
export type StepRefusal = { reason: 'invalidCode' } | { reason: 'wait'; seconds: number } | { reason: 'locked'; minutes: number }

function held(throttle: Throttle): StepRefusal | undefined {
  if (throttle.allowed) return undefined
  return throttle.reason === 'locked'
    ? { reason: 'locked', minutes: Math.max(1, Math.ceil(throttle.retryAfterSeconds / 60)) }
    : { reason: 'wait', seconds: throttle.retryAfterSeconds }
}

/** The outcome of a throttled check. */
export type StepResult<T> = { ok: true; value: T } | ({ ok: false } & StepRefusal)

/**
 * Runs a second-factor (or re-authentication) check under the same brute-force protection as passwords: the
 * account's counter and, when known, the address's (a wrong code counts like a wrong password), cleared for the
 * account on success.
 */
export async function throttledStep<T>(knex: Knex, userId: string, address: string | undefined, check: () => Promise<T | undefined>): Promise<StepResult<T>> {
  const accountKey = `account:${userId}`
  const addressKey = address === undefined ? undefined : `ip:${address}`
  const before = held(await checkThrottle(knex, accountKey, ACCOUNT_POLICY)) ?? (addressKey ? held(await checkThrottle(knex, addressKey, ADDRESS_POLICY)) : undefined)
  if (before) {
    await recordFailure(knex, accountKey, ACCOUNT_POLICY)
    return { ok: false, ...before }
  }
  const value = await check()
  if (value === undefined) {
    const now = held(await recordFailure(knex, accountKey, ACCOUNT_POLICY))
    if (addressKey) await recordFailure(knex, addressKey, ADDRESS_POLICY)
    return now?.reason === 'locked' ? { ok: false, ...now } : { ok: false, reason: 'invalidCode' }
  }
  await clearFailures(knex, accountKey)
  return { ok: true, value }
}

/** Checks a typed code (authenticator or recovery) of the user, throttled. */
export function checkCodeStep(knex: Knex, dataDir: string, userId: string, code: string, address: string) {
  return throttledStep<AcceptedCode>(knex, userId, address, () => checkSecondFactorCode(knex, dataDir, userId, code))
}

/** Checks a passkey assertion of the user (second factor), throttled. */
export function checkPasskeyStep(knex: Knex, rp: RelyingParty, challengeKey: string, userId: string, response: AuthenticationResponseJSON, address: string) {
  return throttledStep(knex, userId, address, () => checkPasskeyAssertion(knex, rp, challengeKey, response, userId))
}
