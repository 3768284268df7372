import { Conflict, NotFound } from '@feathersjs/errors'
import { isResolvable, QuotaItemState, validateRemark } from '@portal/sdk/domain'
import type { FonItem } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { appendAudit } from '../models/audit-log'
import { appendFonItemHistory, loadFonItem, lockFonItem, updateFonItem } from '../models/fon-items'
import type { Actor } from '../models/users'
import { badRequest } from '../policies/index'

/** Props of resolveFonConflict. */
export interface ResolveFonConflictProps {
  app: Application
  itemId: number
  remark: string | undefined
  actor: Actor
  /** The version the person saw, when the client names it. */
  version?: number
}

/** Refuses a change of an item that is not there (or another version than the person saw). */
export function fonItemNotFound(id: number): NotFound {
  return new NotFound(`Quota item ${id} not found`, { key: 'fon:errors.notFound', params: { id } })
}

/** Refuses a change made on a version the item has moved on from. */
export function fonItemStale(): Conflict {
  return new Conflict('This item changed meanwhile', { key: 'fon:errors.staleVersion', params: {} })
}

/**
 * A person resolves a conflict (dataConflict or noNTCSRecord) manually: the item becomes resolvedManually with who,
 * when and the remark (required), written to its history and the audit log in one transaction; then every
 * administrator's open list hears `patched`.
 */
export async function resolveFonConflict(props: ResolveFonConflictProps): Promise<FonItem> {
  const remark = (props.remark ?? '').trim()
  const problem = validateRemark(remark)
  if (problem) {
    throw badRequest('Field "remark": a remark is required to resolve a conflict', 'fon:errors.remarkRequired', { field: 'remark', rule: problem.key })
  }
  const knex = props.app.get('knex')
  await knex.transaction(async (trx) => {
    const item = await lockFonItem(trx, props.itemId)
    if (!item) throw fonItemNotFound(props.itemId)
    if (props.version !== undefined && props.version !== item.version) throw fonItemStale()
    if (!isResolvable(item.state)) {
      throw badRequest(`Item ${item.id} is ${item.state}, not a conflict`, 'fon:errors.notResolvable', { field: 'state', rule: 'conflict', state: item.state })
    }
    await updateFonItem(trx, item.id, { state: QuotaItemState.resolvedManually, remark, resolved_by: props.actor.name, resolved_at: trx.fn.now() })
    await appendFonItemHistory(trx, [{ itemId: item.id, actor: props.actor, action: 'resolved', fromState: item.state, toState: QuotaItemState.resolvedManually, remark }])
    await appendAudit(trx, [
      { actor: props.actor, action: 'fonItem.resolve', entity: 'fonItem', targetId: String(item.id), targetLabel: item.name, before: { state: item.state }, after: { state: QuotaItemState.resolvedManually, remark } },
    ])
  })
  const resolved = (await loadFonItem(knex, props.itemId))!
  props.app.service('fon-items').emit('patched', resolved)
  return resolved
}
