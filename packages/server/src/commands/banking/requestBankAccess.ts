import { iban as checkIban, normalizeIban } from '@portal/sdk/validators'
import type { BankAccessData, BankAccessRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { bankingClock } from '../../banking/clock'
import { appendAudit } from '../../models/audit-log'
import { appendBankAccessEvent, bankAccessRecord, insertBankAccess, liveAccessOfIban } from '../../models/bank-accesses'
import { bankTermsOf } from '../../models/bank-terms'
import { actorOf } from '../../models/users'
import { bankingSettings } from '../../banking/settings'
import { badBankInput, bankConflict } from './refuse'

/**
 * A client requests read access to one of its accounts. The terms must be accepted first, the IBAN must be valid, and
 * an account has one living access at a time; the request waits for the firm's administrator.
 */
export async function requestBankAccess(props: { app: Application; user?: SessionUser; data: BankAccessData }): Promise<BankAccessRecord> {
  const { app, data } = props
  if (checkIban(data.iban) !== null) throw badBankInput('iban', 'ibanInvalid')
  const provider = data.provider ?? 'files'
  if (provider === 'psd2' && !bankingSettings().psd2) throw badBankInput('provider', 'psd2Off')
  if (provider === 'psd2' && !data.institution_id) throw badBankInput('institution_id', 'institutionMissing')
  const iban = normalizeIban(data.iban)
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const id = await knex.transaction(async (trx) => {
    if (!(await bankTermsOf(trx, data.client)).accepted) throw bankConflict('termsNotAccepted')
    if (await liveAccessOfIban(trx, data.client, iban)) throw bankConflict('accessExists', { iban })
    const id = await insertBankAccess(trx, { companyNo: data.client, iban, name: data.name?.trim() || null, provider, institutionId: data.institution_id ?? null, actorName: actor.name })
    await appendBankAccessEvent(trx, id, 'request', actor.name)
    await appendAudit(trx, [{ actor, action: 'bankAccess.request', entity: 'bank_accesses', targetId: String(id), targetLabel: iban, companyNo: data.client, after: { iban, provider } }])
    return id
  })
  const record = await bankAccessRecord(knex, id, bankingClock.today())
  if (!record) throw new Error('access vanished')
  app.service('bank-accesses').emit('created', record)
  app.service('bank-approvals').emit('created', record)
  return record
}
