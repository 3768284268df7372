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
  const page = builder.clone().clearSelect()
  for (const field of fields) page.select(knex.raw(`${columns[field]} as ??`, [field]))
  const sort = query.$sort && Object.keys(query.$sort).length > 0 ? query.$sort : options.defaultSort
  for (const [field, direction] of Object.entries(sort)) {
    page.orderByRaw(`${options.sortColumns?.[field] ?? columns[field]} ${direction === -1 ? 'desc' : 'asc'}`)
  }
  // A stable tie-break so pages never overlap.
  if (!('id' in sort) && columns.id) page.orderByRaw(`${columns.id} asc`)
  const rows = (await page.limit(limit).offset(skip)) as Record<string, unknown>[]
  const convert = options.convert ?? ((row: Record<string, unknown>) => row as T)
  return { total, limit, skip, data: rows.map(convert) }
}
