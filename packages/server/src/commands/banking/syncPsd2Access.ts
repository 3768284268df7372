import type { BankAccessRecord, SessionUser } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import { bankingClock } from '../../banking/clock'
import { Psd2ConsentExpired } from '../../banking/psd2/gocardless'
import { psd2Client } from '../../banking/psd2/client'
import { accessReads } from '@portal/sdk/domain'
import { bankAccessRecord, bankAccessRow, changeBankAccess } from '../../models/bank-accesses'
import { actorOf } from '../../models/users'
import { forbidden } from '../../policies/index'
import { bankConflict } from './refuse'
import { emitAccessChanges } from './emitAccessChanges'
import { storeStatements } from './storeStatements'

/**
 * Fetches a PSD2 access's movements from the provider now (after the client came back from the bank, or any time
 * later): the consent must be linked; each linked account with the access's IBAN is stored like a statement file
 * (no duplicates, matching). A consent the provider reports expired ends the access's reading today.
 */
export async function syncPsd2Access(props: { app: Application; user?: SessionUser; id: number }): Promise<BankAccessRecord> {
  const { app, id } = props
  const knex = app.get('knex')
  const today = bankingClock.today()
  const access = await bankAccessRow(knex, id)
  if (!access) throw forbidden()
  if (access.provider !== 'psd2' || !access.consent_id) throw bankConflict('notPsd2')
  if (!accessReads(access, today)) throw bankConflict('accessNotActive', { iban: access.iban })
  const client = psd2Client()
  try {
    const consent = await client.consent(access.consent_id)
    if (consent.status !== 'LN') throw bankConflict('consentPending')
    for (const accountId of consent.accounts) {
      const statement = await client.statement(accountId)
      if (statement.account === access.iban) await storeStatements({ app, user: props.user, groups: [{ access, statements: [statement] }], fileName: 'PSD2' })
    }
  } catch (error) {
    if (!(error instanceof Psd2ConsentExpired)) throw error
    const actor = await actorOf(knex, props.user)
    await knex.transaction((trx) => changeBankAccess(trx, id, { expires_on: today }, { action: 'expire', actorName: actor.name }))
    await emitAccessChanges(app, [id])
    throw bankConflict('consentExpired', { iban: access.iban })
  }
  const record = await bankAccessRecord(knex, id, today)
  if (!record) throw forbidden()
  return record
}
