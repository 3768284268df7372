import type { Knex } from 'knex'
import type { FonItem, FonItemPatch, FonItemsQuery, Page } from '@portal/sdk/services'
import type { Application } from '../../declarations'
import type { PortalParams } from '../../hooks/guard'
import { reopenFonItem } from '../../commands/reopenFonItem'
import { fonItemNotFound, resolveFonConflict } from '../../commands/resolveFonConflict'
import { FON_ITEM_COLUMNS, fonItemHistory, fonItemsQuery, loadFonItem, toFonItem } from '../../models/fon-items'
import { actorOf } from '../../models/users'
import { findPage } from '../shared/paginate'

function itemId(id: number | string): number {
  const value = Number(id)
  return Number.isInteger(value) && value > 0 && value <= 2147483647 ? value : 0
}

/** The quota items: a filtered page, one item with its history, and resolve / reopen. */
export class FonItemsService {
  constructor(private readonly app: Application) {}

  private get knex(): Knex {
    return this.app.get('knex')
  }

  /** A page of items, narrowed by the filters; by default conflicts first, then by name. */
  async find(params: { query?: FonItemsQuery } = {}): Promise<Page<FonItem>> {
    const query = params.query ?? {}
    return findPage(this.knex, fonItemsQuery(this.knex, query), query, {
      columns: FON_ITEM_COLUMNS,
      defaultLimit: 50,
      defaultSort: { state: 1, name: 1 },
      convert: toFonItem,
    })
  }

  /** One item with its history, newest first. */
  async get(id: number | string): Promise<FonItem> {
    const item = await loadFonItem(this.knex, itemId(id))
    if (!item) throw fonItemNotFound(itemId(id))
    return { ...item, history: await fonItemHistory(this.knex, item.id) }
  }

  /** Resolves a conflict with a remark, or reopens a resolved item. */
  async patch(id: number | string, data: FonItemPatch, params: PortalParams = {}): Promise<FonItem> {
    const actor = await actorOf(this.knex, params.user)
    const props = { app: this.app, itemId: itemId(id), actor, version: data.version }
    return data.action === 'resolve' ? resolveFonConflict({ ...props, remark: data.remark }) : reopenFonItem(props)
  }
}
