import type { Application } from '../../declarations'
import { bankingClock } from '../../banking/clock'
import { bankAccessRecord } from '../../models/bank-accesses'

/** Tells the company (bank-accesses) and the firm's administrators (bank-approvals) about changed accesses. */
export async function emitAccessChanges(app: Application, ids: readonly number[]): Promise<void> {
  const knex = app.get('knex')
  for (const id of ids) {
    const record = await bankAccessRecord(knex, id, bankingClock.today())
    if (!record) continue
    app.service('bank-accesses').emit('patched', record)
    app.service('bank-approvals').emit('patched', record)
  }
}
