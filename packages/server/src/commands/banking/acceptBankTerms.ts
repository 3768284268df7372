import { BANK_TERMS_VERSION } from '@portal/sdk/domain'
import type { BankTermsData, BankTermsRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { appendAudit } from '../../models/audit-log'
import { bankTermsOf, insertBankTerms } from '../../models/bank-terms'
import { actorOf } from '../../models/users'
import { badBankInput } from './refuse'

/** A company accepts the bank-connection provider's terms in the version and language it was shown (recorded, audited). */
export async function acceptBankTerms(props: { app: Application; user?: SessionUser; data: BankTermsData }): Promise<BankTermsRecord> {
  const { app, data } = props
  if (data.version !== BANK_TERMS_VERSION) throw badBankInput('version', 'termsOutdated', { version: BANK_TERMS_VERSION })
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  const terms = await knex.transaction(async (trx) => {
    const standing = await bankTermsOf(trx, data.client)
    if (standing.accepted?.version === data.version) return standing
    await insertBankTerms(trx, data.client, data.version, data.language, actor)
    await appendAudit(trx, [{ actor, action: 'bankTerms.accept', entity: 'bank_terms', targetId: String(data.client), companyNo: data.client, after: { version: data.version, language: data.language } }])
    return bankTermsOf(trx, data.client)
  })
  app.service('bank-terms').emit('patched', terms)
  return terms
}
