import { NotFound } from '@feathersjs/errors'
import type { Firm } from '@portal/sdk/services'
import type { Knex } from 'knex'
import { appendAudit } from '../models/audit-log'
import { deleteFirm, loadFirm, lockFirm } from '../models/firm'
import type { Actor } from '../models/users'

/** Deletes the tax firm and its stored WEBEKU password (audited); refused as not found when there is none. */
export async function removeFirm(knex: Knex, actor: Actor): Promise<Firm> {
  await knex.transaction(async (trx) => {
    const current = await lockFirm(trx)
    if (!current) throw new NotFound('Firm could not be deleted: there is no firm', { key: 'admin:firm.deleteNothing', params: {} })
    await deleteFirm(trx)
    await appendAudit(trx, [
      {
        actor,
        action: 'firm.delete',
        entity: 'firm',
        targetId: 'firm',
        targetLabel: String(current.name),
        before: { name: current.name, ntcsId: Number(current.ntcs_id), webekuUser: current.webeku_user },
      },
    ])
  })
  return loadFirm(knex)
}
