import type { Knex } from 'knex'
import type { Page } from '@portal/sdk/services'

/** Paging and shaping of a find: $limit, $skip, $sort, $select over allowed columns. */
export interface PageQuery {
  $limit?: number
  $skip?: number
  $sort?: Partial<Record<string, 1 | -1>>
  $select?: string[]
}

/** Options of findPage. */
export interface FindPageOptions<T> {
  /** API field -> trusted SQL expression; only these fields ever leave the database. */
  columns: Record<string, string>
  defaultLimit: number
  defaultSort: Record<string, 1 | -1>
  /** API field -> SQL expression to sort by, where it differs from the one selected (an amount selected as text sorts as a number). */
  sortColumns?: Record<string, string>
  convert?: (row: Record<string, unknown>) => T
  /**
   * Pick the page by id first, then read only its rows: the filter and the sort run over the columns an index holds
   * (an index-only scan, documents_view_idx of migration 037), and the table is read for the page's rows alone instead
   * of for every match a sort by amount or name must see. For a builder of one table without joins.
   */
  pageByIds?: boolean
}

/**
 * Runs a paginated find: counts the whole match, then fetches one page. The query was validated before,
 * so $select and $sort name only fields of `columns`.
 */
export async function findPage<T>(
  knex: Knex,
  builder: Knex.QueryBuilder,
  query: PageQuery,
  options: FindPageOptions<T>,
): Promise<Page<T>> {
  const { columns } = options
  const limit = query.$limit ?? options.defaultLimit
  const skip = query.$skip ?? 0
  const counted = await builder.clone().clearSelect().clearOrder().count({ total: '*' }).first()
  const total = Number((counted as { total: string | number } | undefined)?.total ?? 0)
  if (limit === 0) return { total, limit, skip, data: [] }
  const fields = query.$select ?? Object.keys(columns)
  const sort = query.$sort && Object.keys(query.$sort).length > 0 ? query.$sort : options.defaultSort
  const order = (target: Knex.QueryBuilder) => {
    for (const [field, direction] of Object.entries(sort)) {
      target.orderByRaw(`${options.sortColumns?.[field] ?? columns[field]} ${direction === -1 ? 'desc' : 'asc'}`)
    }
    // A stable tie-break so pages never overlap.
    if (!('id' in sort) && columns.id) target.orderByRaw(`${columns.id} asc`)
    return target
  }
  let page: Knex.QueryBuilder
  if (options.pageByIds && columns.id) {
    const ids = order(builder.clone().clearSelect().clearOrder().select(knex.raw(columns.id))).limit(limit).offset(skip)
    page = order(builder.clone().clearWhere().clearSelect().clearOrder().whereIn(columns.id, ids))
  } else {
    page = order(builder.clone().clearSelect()).limit(limit).offset(skip)
  }
  for (const field of fields) page.select(knex.raw(`${columns[field]} as ??`, [field]))
  const rows = (await page) as Record<string, unknown>[]
  const convert = options.convert ?? ((row: Record<string, unknown>) => row as T)
  return { total, limit, skip, data: rows.map(convert) }
}
