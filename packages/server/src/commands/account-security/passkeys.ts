import type { Knex } from 'knex'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import { createError } from '@portal/sdk/errors'
import { findPasskey, listPasskeys, putChallenge, syncSecondFactorSummary, takeChallenge } from '../../models/account-security'
import { registrationOptions, verifyRegistration, type RelyingParty } from '../../security/passkeys'
import { keepRequiredFactor } from './totp'
import { auditOwn, refuse, type OwnAccount } from './own-account'

/** How long the browser has to create the passkey. */
const REGISTRATION_SECONDS = 5 * 60

const registrationKey = (userId: string) => `register:${userId}`

/** Starts registering one more passkey: the browser's creation options, the challenge kept for the answer. */
export async function beginPasskey(db: Knex, rp: RelyingParty, account: OwnAccount): Promise<Record<string, unknown>> {
  const options = await registrationOptions(rp, { id: account.id, email: account.email, name: account.name }, await listPasskeys(db, account.id))
  await putChallenge(db, registrationKey(account.id), account.id, options.challenge, REGISTRATION_SECONDS)
  return options as unknown as Record<string, unknown>
}

/** Stores the passkey the browser created, once its answer matches the challenge (each challenge is used once). */
export async function finishPasskey(db: Knex, rp: RelyingParty, account: OwnAccount, name: string, response: unknown): Promise<void> {
  const label = name.trim()
  if (!label || label.length > 64) throw refuse('nameRequired', 'name')
  const pending = await takeChallenge(db, registrationKey(account.id))
  if (!pending?.challenge) throw refuse('passkeyNoChallenge', 'response')
  const passkey = await verifyRegistration(rp, response as RegistrationResponseJSON, pending.challenge)
  if (!passkey) throw refuse('passkeyNotVerified', 'response')
  await db.transaction(async (trx) => {
    await trx('user_passkeys').insert({
      id: passkey.id,
      user_id: account.id,
      name: label,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
    })
    await syncSecondFactorSummary(trx, account.id)
    await auditOwn(trx, account, 'passkeyAdd', { after: { name: label } })
  })
}

async function ownPasskey(db: Knex, account: OwnAccount, id: string) {
  const row = await findPasskey(db, id)
  // Someone else's passkey is as unknown as a missing one.
  if (!row || row.user_id !== account.id) throw createError('NotFound', 'security:errors.passkeyNotFound', { field: 'id' })
  return row
}

/** Renames one of the user's passkeys. */
export async function renamePasskey(db: Knex, account: OwnAccount, id: string, name: string): Promise<void> {
  const label = name.trim()
  if (!label || label.length > 64) throw refuse('nameRequired', 'name')
  const row = await ownPasskey(db, account, id)
  await db.transaction(async (trx) => {
    await trx('user_passkeys').where({ id }).update({ name: label })
    await auditOwn(trx, account, 'passkeyRename', { before: { name: row.name }, after: { name: label } })
  })
}

/** Removes one of the user's passkeys (the service asks for a live step-up first). */
export async function removePasskey(db: Knex, account: OwnAccount, id: string): Promise<void> {
  const row = await ownPasskey(db, account, id)
  await keepRequiredFactor(db, account, 'passkey')
  await db.transaction(async (trx) => {
    await trx('user_passkeys').where({ id }).delete()
    await syncSecondFactorSummary(trx, account.id)
    await auditOwn(trx, account, 'passkeyRemove', { before: { name: row.name } })
  })
}
