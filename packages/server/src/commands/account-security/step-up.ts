import type { Knex } from 'knex'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { createError } from '@portal/sdk/errors'
import { STEP_UP_REQUIRED, STEP_UP_SECONDS } from '@portal/sdk/services'
import { dropChallenge, hasSecondFactor, listPasskeys, putChallenge } from '../../models/account-security'
import { throttledStep } from '../../oidc/second-factor-step'
import { authenticationOptions, type RelyingParty } from '../../security/passkeys'
import { checkPasskeyAssertion, checkSecondFactorCode } from '../../security/second-factor'
import { hasLiveStepUp, recordStepUp } from '../../security/step-up'
import { auditOwn, reauthenticate, refuse, refusalOf, type OwnAccount } from './own-account'

// The step-up (issue 30, GitHub's "sudo mode"): a session alone may not change how the account signs in. The user
// proves the password and, when the account has one, the second factor again; the proof holds STEP_UP_SECONDS for
// the session (provider grant) that gave it, so a stolen socket or token of another session gains nothing from it.

/** What a step-up proves: the password and, with a second factor, a code or a passkey's assertion. */
export interface StepUpProof {
  password: string
  code?: string
  assertion?: unknown
}

/** The challenge of a session's step-up with a passkey. */
const challengeKey = (grantId: string) => `stepup:${grantId}`

/** The refusal of a sensitive change without a live step-up. */
function stepUpRequired() {
  return createError('Forbidden', STEP_UP_REQUIRED)
}

/** Refuses a sensitive change unless the caller's session proved itself within the last STEP_UP_SECONDS. */
export async function requireStepUp(db: Knex, account: OwnAccount, grantId: string | undefined): Promise<void> {
  if (!(await hasLiveStepUp(db, account.id, grantId))) throw stepUpRequired()
}

/** Starts a step-up with a passkey: the browser's request options for one of the user's passkeys. */
export async function beginStepUp(db: Knex, rp: RelyingParty, account: OwnAccount, grantId: string | undefined): Promise<Record<string, unknown>> {
  if (!grantId) throw stepUpRequired()
  const passkeys = await listPasskeys(db, account.id)
  if (passkeys.length === 0) throw createError('NotFound', 'security:errors.passkeyNotFound', { field: 'assertion' })
  const options = await authenticationOptions(rp, passkeys)
  await putChallenge(db, challengeKey(grantId), account.id, options.challenge, STEP_UP_SECONDS)
  return options as unknown as Record<string, unknown>
}

/** Checks the second factor of a proof (a code or a passkey), throttled like the sign-in's. */
async function proveSecondFactor(db: Knex, dataDir: string, rp: RelyingParty, account: OwnAccount, grantId: string, proof: StepUpProof): Promise<void> {
  if (proof.assertion !== undefined) {
    const response = proof.assertion as AuthenticationResponseJSON
    const checked = await throttledStep(db, account.id, undefined, () => checkPasskeyAssertion(db, rp, challengeKey(grantId), response, account.id))
    if (!checked.ok) throw refusalOf(checked, 'passkeyNotVerified', 'assertion')
    return
  }
  if (!proof.code?.trim()) throw refuse('secondFactorRequired', 'code')
  const checked = await throttledStep(db, account.id, undefined, () => checkSecondFactorCode(db, dataDir, account.id, proof.code ?? ''))
  if (!checked.ok) throw refusalOf(checked, 'invalidCode', 'code')
  if (checked.value === 'recovery') await auditOwn(db, account, 'recoveryUse')
}

/**
 * Proves the session afresh: the password (a wrong one counts like a failed sign-in), then — when the account has
 * an authenticator app or a passkey — a code or a passkey. Any refusal also drops a pending passkey challenge, so an
 * assertion sent with a wrong password cannot be tried again. Answers until when the proof holds.
 */
export async function proveStepUp(db: Knex, dataDir: string, rp: RelyingParty, account: OwnAccount, grantId: string | undefined, proof: StepUpProof): Promise<Date> {
  if (!grantId) throw stepUpRequired()
  try {
    await reauthenticate(db, account, proof.password)
    const { totp, passkeys } = await hasSecondFactor(db, account.id)
    if (totp || passkeys > 0) await proveSecondFactor(db, dataDir, rp, account, grantId, proof)
  } catch (refusal) {
    await dropChallenge(db, challengeKey(grantId))
    throw refusal
  }
  return recordStepUp(db, account.id, grantId)
}
