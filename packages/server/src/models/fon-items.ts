import type { Knex } from 'knex'
import { QuotaItemState } from '@portal/sdk/domain'
import type { FonItem, FonItemHistory, FonItemsQuery } from '@portal/sdk/services'
import type { Actor } from './users'
import { inCompanies } from './overview-scope'

/**
 * The fon_items table (one return of one client for one year, as the last reconciliation left it, or as a person
 * resolved it) and its append-only history. The responsible employee (zustMa) is read from client_responsibility.
 */

const date = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`

/** Field → SQL expression of an item as fon-items answers it. */
export const FON_ITEM_COLUMNS: Record<string, string> = {
  id: 'fon_items.id',
  state: 'fon_items.state',
  conflictKind: 'fon_items.conflict_kind',
  conflictField: 'fon_items.conflict_field',
  ntcsValue: 'fon_items.ntcs_value',
  fonValue: 'fon_items.fon_value',
  name: 'fon_items.name',
  taxId: 'fon_items.tax_id',
  ntcsPersNr: 'fon_items.pers_nr',
  returnType: 'fon_items.return_type',
  year: 'fon_items.year',
  submittedOn: date('fon_items.submitted_on'),
  receivedOn: date('fon_items.received_on'),
  action: 'fon_items.action',
  employeeName: `nullif(trim(fon_staff.first_name || ' ' || fon_staff.last_name), '')`,
  employeeEmail: 'fon_staff.email',
  regKassa: 'fon_items.reg_kassa',
  companyId: 'fon_items.company_no',
  kontonr: 'fon_items.kontonr',
  ntcsId: 'fon_items.ntcs_id',
  kanzleiId: 'fon_items.kanzlei_id',
  saldo: 'fon_items.saldo::text',
  remark: 'fon_items.remark',
  resolvedBy: 'fon_items.resolved_by',
  resolvedAt: 'fon_items.resolved_at',
  version: 'fon_items.version',
  updatedAt: 'fon_items.updated_at',
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : new Date(String(value)).toISOString())

/** An item row as selected with FON_ITEM_COLUMNS → the wire shape. */
export function toFonItem(row: Record<string, unknown>): FonItem {
  return {
    ...(row as unknown as FonItem),
    id: Number(row.id),
    year: Number(row.year),
    version: Number(row.version),
    companyId: row.companyId === null || row.companyId === undefined ? null : Number(row.companyId),
    resolvedAt: iso(row.resolvedAt),
    updatedAt: iso(row.updatedAt)!,
  }
}

/** Items joined with their responsible employee; narrowed by the query's filters (a builder for findPage). */
export function fonItemsQuery(db: Knex, query: FonItemsQuery = {}): Knex.QueryBuilder {
  const builder = db('fon_items')
    .leftJoin('client_responsibility as fon_resp', 'fon_resp.company_no', 'fon_items.company_no')
    .leftJoin('users as fon_staff', 'fon_staff.id', 'fon_resp.staff_id')
  if (query.state) builder.where('fon_items.state', query.state)
  // 'resolvedManually' is the kind SPEC §4 gives a conflict staff resolved: the item keeps its original kind.
  if (query.conflictKind === 'resolvedManually') builder.where('fon_items.state', 'resolvedManually')
  else if (query.conflictKind) builder.where('fon_items.conflict_kind', query.conflictKind)
  if (query.returnType) builder.where('fon_items.return_type', query.returnType)
  if (query.year) builder.where('fon_items.year', query.year)
  if (query.conflicts) builder.whereIn('fon_items.state', ['dataConflict', 'noNTCSRecord'])
  if (query.employee === 'none') builder.whereNull('fon_staff.id')
  else if (query.employee) {
    // The employee's companies first: a short list the company_no index narrows by, instead of every item's join.
    const companies = db('client_responsibility')
      .join('users', 'users.id', 'client_responsibility.staff_id')
      .whereRaw('lower(users.email) = lower(?)', [query.employee])
      .select('client_responsibility.company_no')
    builder.whereIn('fon_items.company_no', companies)
  }
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const digits = query.search.replace(/[\s\-/]/g, '')
    builder.where((where) => {
      where.whereILike('fon_items.name', pattern)
      if (/^\d+$/.test(digits)) where.orWhere('fon_items.tax_id', 'like', `%${digits}%`)
    })
  }
  return builder
}

/** One item by id in the wire shape, or undefined. */
export async function loadFonItem(db: Knex, id: number): Promise<FonItem | undefined> {
  const builder = fonItemsQuery(db).where('fon_items.id', id).first()
  for (const [field, column] of Object.entries(FON_ITEM_COLUMNS)) builder.select(db.raw(`${column} as ??`, [field]))
  const row = (await builder) as Record<string, unknown> | undefined
  return row ? toFonItem(row) : undefined
}

/** An item's history, newest first. */
export async function fonItemHistory(db: Knex, itemId: number): Promise<FonItemHistory[]> {
  const rows = (await db('fon_item_history').where({ item_id: itemId }).orderBy('id', 'desc')) as Record<string, unknown>[]
  return rows.map((row) => ({
    at: iso(row.at)!,
    actorName: (row.actor_name as string | null) ?? null,
    action: row.action as FonItemHistory['action'],
    fromState: (row.from_state as string | null) ?? null,
    toState: String(row.to_state),
    remark: (row.remark as string | null) ?? null,
  }))
}

/** The columns of an item a resolution reads and writes, locked for the change. */
export interface LockedFonItem {
  id: number
  name: string
  state: string
  reconciled_state: string
  version: number
}

/** Locks one item for a change (undefined when there is none). */
export async function lockFonItem(trx: Knex.Transaction, id: number): Promise<LockedFonItem | undefined> {
  const row = await trx('fon_items').where({ id }).forUpdate().first('id', 'name', 'state', 'reconciled_state', 'version')
  return row ? { ...row, id: Number(row.id), version: Number(row.version) } : undefined
}

/** Changes an item's columns, bumping its version. */
export async function updateFonItem(trx: Knex.Transaction, id: number, changes: Record<string, unknown>): Promise<void> {
  await trx('fon_items')
    .where({ id })
    .update({ ...changes, version: trx.raw('version + 1'), updated_at: trx.fn.now() })
}

/** One history entry to append. */
export interface NewFonItemHistory {
  itemId: number
  actor: Actor
  action: FonItemHistory['action']
  fromState: string | null
  toState: string
  remark?: string | null
}

const BATCH = 1000

/** Appends history entries in the caller's transaction. */
export async function appendFonItemHistory(trx: Knex.Transaction, entries: readonly NewFonItemHistory[]): Promise<void> {
  const rows = entries.map((entry) => ({
    item_id: entry.itemId,
    actor_id: entry.actor.id,
    actor_name: entry.actor.name,
    action: entry.action,
    from_state: entry.fromState,
    to_state: entry.toState,
    remark: entry.remark ?? null,
  }))
  for (let i = 0; i < rows.length; i += BATCH) await trx('fon_item_history').insert(rows.slice(i, i + BATCH))
}

/** Items per state of a year. */
export async function fonStateCounts(db: Knex, year: number): Promise<Record<string, number>> {
  const rows = (await db('fon_items').where({ year }).groupBy('state').select('state').count({ n: '*' })) as { state: string; n: string | number }[]
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]))
}

/** The years the items have, newest first. */
export async function fonYears(db: Knex): Promise<number[]> {
  const rows = (await db('fon_items').distinct('year').orderBy('year', 'desc')) as { year: number }[]
  return rows.map((row) => Number(row.year))
}

/** What the quota rule needs of a year's items. */
export async function fonQuotaInputs(db: Knex, year: number): Promise<{ returnType: string; counts: boolean; receivedOn: string | null }[]> {
  // FON's quota is over the returns it lists and the firm must file: not the firm's records FON does not list, not
  // the returns marked not relevant.
  return (await db('fon_items')
    .where({ year })
    .select(
      'return_type as returnType',
      db.raw(`(state <> 'notRelevant' and not (coalesce(conflict_kind, '') = 'fonMismatch' and coalesce(conflict_field, '') = 'item')) as counts`),
      db.raw(`${date('received_on')} as "receivedOn"`),
    )) as { returnType: string; counts: boolean; receivedOn: string | null }[]
}

/** The FON part of the firm dashboard (models/company-overview.ts): per company of `sel`, its quota items, open and in conflict. */
export const FON_CTE = `
  fon as (
    select f.company_no, count(*)::int as total,
      count(*) filter (where f.state = '${QuotaItemState.open}')::int as open,
      count(*) filter (where f.state in ('${QuotaItemState.dataConflict}', '${QuotaItemState.noNTCSRecord}'))::int as conflicts
    from fon_items f where ${inCompanies('f')} group by f.company_no)`
