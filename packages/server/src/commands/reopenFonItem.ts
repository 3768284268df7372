import { QuotaItemState } from '@portal/sdk/domain'
import type { FonItem } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { appendFonItemHistory, loadFonItem, lockFonItem, updateFonItem } from '../models/fon-items'
import type { Actor } from '../models/users'
import { badRequest } from '../policies/index'
import { fonItemNotFound, fonItemStale } from './resolveFonConflict'

/** Props of reopenFonItem. */
export interface ReopenFonItemProps {
  app: Application
  itemId: number
  actor: Actor
  version?: number
}

/**
 * Reopens a manually resolved item: it goes back to the state the last reconciliation gave it, the resolution's
 * remark stays in the history; audited; every administrator's open list hears `patched`.
 */
export async function reopenFonItem(props: ReopenFonItemProps): Promise<FonItem> {
  const knex = props.app.get('knex')
  await knex.transaction(async (trx) => {
    const item = await lockFonItem(trx, props.itemId)
    if (!item) throw fonItemNotFound(props.itemId)
    if (props.version !== undefined && props.version !== item.version) throw fonItemStale()
    if (item.state !== QuotaItemState.resolvedManually) {
      throw badRequest(`Item ${item.id} is ${item.state}, not resolved`, 'fon:errors.notResolved', { field: 'state', rule: 'resolvedManually', state: item.state })
    }
    await updateFonItem(trx, item.id, { state: item.reconciled_state, remark: null, resolved_by: null, resolved_at: null })
    await appendFonItemHistory(trx, [{ itemId: item.id, actor: props.actor, action: 'reopened', fromState: item.state, toState: item.reconciled_state }])
    await appendAudit(trx, [
      { actor: props.actor, action: 'fonItem.reopen', entity: 'fonItem', targetId: String(item.id), targetLabel: item.name, before: { state: item.state }, after: { state: item.reconciled_state } },
    ])
  })
  const reopened = (await loadFonItem(knex, props.itemId))!
  props.app.service('fon-items').emit('patched', reopened)
  return reopened
}
