import type { Knex } from 'knex'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import {
  acceptTotpStep,
  findPasskey,
  loadTotp,
  spendRecoveryCode,
  takeChallenge,
} from '../models/account-security'
import { looksLikeRecoveryCode, recoveryCodeHash } from './recovery-codes'
import { openSecret } from './secret-box'
import { totpStep } from './totp'
import { verifyAssertion, type RelyingParty } from './passkeys'

/** Which code was accepted. */
export type AcceptedCode = 'totp' | 'recovery'

/**
 * Checks a code typed as second factor: six digits against the confirmed authenticator (a step already used is
 * refused, so a code works once), anything else as a recovery code (spent on use). Undefined when neither holds.
 */
export async function checkSecondFactorCode(db: Knex, dataDir: string, userId: string, typed: string): Promise<AcceptedCode | undefined> {
  const code = typed.trim().replace(/\s/g, '')
  if (!code) return undefined
  if (looksLikeRecoveryCode(code)) return (await spendRecoveryCode(db, userId, recoveryCodeHash(code))) ? 'recovery' : undefined
  return db.transaction(async (trx) => {
    const row = await loadTotp(trx, userId, true)
    if (!row?.confirmed_at) return undefined
    const step = await totpStep(await openSecret(dataDir, row.secret_encrypted), code)
    if (step === undefined || (row.last_step !== null && step <= Number(row.last_step))) return undefined
    await acceptTotpStep(trx, userId, step, false)
    return 'totp'
  })
}

/** A passkey that answered its challenge. */
export interface PasskeyUse {
  userId: string
  userVerified: boolean
}

/**
 * Checks a passkey assertion against the challenge stored under `challengeKey`; the challenge is taken out first,
 * so a replayed assertion finds none. With `userId` the passkey must be that user's (second factor); without,
 * whoever owns it signs in (passwordless). Updates the signature counter.
 */
export async function checkPasskeyAssertion(
  db: Knex,
  rp: RelyingParty,
  challengeKey: string,
  response: AuthenticationResponseJSON,
  userId?: string,
): Promise<PasskeyUse | undefined> {
  const challenge = await takeChallenge(db, challengeKey)
  if (!challenge?.challenge) return undefined
  const passkey = typeof response.id === 'string' ? await findPasskey(db, response.id) : undefined
  if (!passkey || (userId && passkey.user_id !== userId)) return undefined
  const verified = await verifyAssertion(rp, response, challenge.challenge, passkey)
  if (!verified) return undefined
  await db('user_passkeys').where({ id: passkey.id }).update({ counter: verified.counter, last_used_at: db.fn.now() })
  return { userId: passkey.user_id, userVerified: verified.userVerified }
}

/** Parses a posted assertion (JSON from the page's script); undefined when it is not one. */
export function parseAssertion(text: string | null): AuthenticationResponseJSON | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as AuthenticationResponseJSON
    return typeof value?.id === 'string' && typeof value.response === 'object' ? value : undefined
  } catch {
    return undefined
  }
}
