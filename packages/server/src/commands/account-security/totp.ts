import type { Knex } from 'knex'
import { createError } from '@portal/sdk/errors'
import {
  acceptTotpStep,
  hasSecondFactor,
  loadPolicy,
  loadTotp,
  policyRequires,
  replaceRecoveryCodes,
  saveTotpSetup,
  syncSecondFactorSummary,
} from '../../models/account-security'
import { throttledStep } from '../../oidc/second-factor-step'
import { newRecoveryCodes, recoveryCodeHash } from '../../security/recovery-codes'
import { openSecret, sealSecret } from '../../security/secret-box'
import { newTotpSecret, totpStep, type TotpPresentation } from '../../security/totp'
import { auditOwn, refuse, refusalOf, type OwnAccount } from './own-account'

/** The label an authenticator app shows for the portal. */
const ISSUER = 'Portal'

/** Starts setting up an authenticator app: a new secret, unconfirmed until the first code. */
export async function beginTotp(db: Knex, dataDir: string, account: OwnAccount): Promise<TotpPresentation> {
  const existing = await loadTotp(db, account.id)
  if (existing?.confirmed_at) throw createError('Conflict', 'security:errors.alreadySet', { field: 'action' })
  const shown = await newTotpSecret(ISSUER, account.email)
  await saveTotpSetup(db, account.id, await sealSecret(dataDir, shown.secret))
  return shown
}

/** Confirms the set-up with a code from the app; hands out ten recovery codes, shown once. */
export async function confirmTotp(db: Knex, dataDir: string, account: OwnAccount, code: string): Promise<string[]> {
  const row = await loadTotp(db, account.id)
  if (!row || row.confirmed_at) throw refuse('noSetup', 'code')
  const secret = await openSecret(dataDir, row.secret_encrypted)
  const checked = await throttledStep(db, account.id, undefined, () => totpStep(secret, code.trim()))
  if (!checked.ok) throw refusalOf(checked, 'invalidCode', 'code')
  const codes = newRecoveryCodes()
  await db.transaction(async (trx) => {
    await acceptTotpStep(trx, account.id, checked.value, true)
    await replaceRecoveryCodes(trx, account.id, codes.map(recoveryCodeHash))
    await syncSecondFactorSummary(trx, account.id)
    await auditOwn(trx, account, 'totpEnable')
  })
  return codes
}

/** Refuses removing the last factor of a user the firm requires one of. */
export async function keepRequiredFactor(db: Knex, account: OwnAccount, removing: 'totp' | 'passkey'): Promise<void> {
  if (!policyRequires(await loadPolicy(db), account.permissions)) return
  const { totp, passkeys } = await hasSecondFactor(db, account.id)
  const left = (removing === 'totp' ? 0 : Number(totp)) + (removing === 'passkey' ? passkeys - 1 : passkeys)
  if (left <= 0) throw refuse('lastFactorRequired', 'action')
}

/** Removes the authenticator app and its recovery codes (the service asks for a live step-up first). */
export async function removeTotp(db: Knex, account: OwnAccount): Promise<void> {
  const row = await loadTotp(db, account.id)
  if (!row?.confirmed_at) throw refuse('notSet', 'action')
  await keepRequiredFactor(db, account, 'totp')
  await db.transaction(async (trx) => {
    await trx('user_totp').where({ user_id: account.id }).delete()
    await trx('user_recovery_codes').where({ user_id: account.id }).delete()
    await syncSecondFactorSummary(trx, account.id)
    await auditOwn(trx, account, 'totpRemove')
  })
}

/** Ten new recovery codes (the old ones stop working; the service asks for a live step-up first). */
export async function regenerateRecoveryCodes(db: Knex, account: OwnAccount): Promise<string[]> {
  const { totp, passkeys } = await hasSecondFactor(db, account.id)
  if (!totp && passkeys === 0) throw refuse('notSet', 'action')
  const codes = newRecoveryCodes()
  await db.transaction(async (trx) => {
    await replaceRecoveryCodes(trx, account.id, codes.map(recoveryCodeHash))
    await auditOwn(trx, account, 'recoveryRegenerate')
  })
  return codes
}
