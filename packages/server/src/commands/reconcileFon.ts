import type { Knex } from 'knex'
import { conflictFingerprint, fonItemKey, reconcile, QuotaItemState, type FonQuotaRow, type NtcsRecord, type ReconciledItem } from '@portal/sdk/domain'
import { appendFonItemHistory, type NewFonItemHistory } from '../models/fon-items'
import { loadFonQuotaRows, loadFonRecords } from '../models/fon-sides'
import { loadFonSettings } from '../models/fon-settings'
import type { Actor } from '../models/users'

/** Props of reconcileFon. */
export interface ReconcileFonProps {
  trx: Knex.Transaction
  /** Who started it (the importing person), as the items' history records it. */
  actor: Actor
  /** Reports progress 0–1 as batches are written. */
  onProgress?: (fraction: number) => Promise<void> | void
}

/** What a reconciliation did. */
export interface ReconcileFonResult {
  items: number
  changed: number
  removed: number
}

const BATCH = 500
const DATA_COLUMNS = [
  'pers_nr', 'name', 'reconciled_state', 'conflict_kind', 'conflict_field', 'ntcs_value', 'fon_value', 'fingerprint', 'action',
  'submitted_on', 'received_on', 'reg_kassa', 'saldo', 'company_no', 'kontonr', 'ntcs_id', 'kanzlei_id',
] as const

type ItemValues = Record<(typeof DATA_COLUMNS)[number], string | number | null>

function valuesOf(item: ReconciledItem, withRegKassa: boolean): ItemValues {
  return {
    pers_nr: item.persNr,
    name: item.name,
    reconciled_state: item.state,
    conflict_kind: item.conflictKind,
    conflict_field: item.conflictField,
    ntcs_value: item.ntcsValue,
    fon_value: item.fonValue,
    fingerprint: conflictFingerprint(item),
    action: item.action,
    submitted_on: item.submittedOn,
    received_on: item.receivedOn,
    // Without two-factor authentication FON does not give the cash-register states (the notice says so).
    reg_kassa: withRegKassa ? item.regKassa : null,
    saldo: item.saldo === null ? null : Number(item.saldo).toFixed(2),
    company_no: item.companyNo,
    kontonr: item.kontonr,
    ntcs_id: item.ntcsId,
    kanzlei_id: item.kanzleiId,
  }
}

interface ExistingItem extends ItemValues {
  id: number
  key: string
  state: string
}

async function existingItems(trx: Knex): Promise<Map<string, ExistingItem>> {
  const rows = (await trx('fon_items').select(
    'id', 'tax_id', 'return_type', 'year', 'state', 'pers_nr', 'name', 'reconciled_state', 'conflict_kind', 'conflict_field', 'ntcs_value',
    'fon_value', 'fingerprint', 'action', 'reg_kassa', 'company_no', 'kontonr', 'ntcs_id', 'kanzlei_id',
    trx.raw(`to_char(submitted_on, 'YYYY-MM-DD') as submitted_on`),
    trx.raw(`to_char(received_on, 'YYYY-MM-DD') as received_on`),
    trx.raw('saldo::text as saldo'),
  )) as Record<string, unknown>[]
  const map = new Map<string, ExistingItem>()
  for (const row of rows) {
    const key = fonItemKey({ taxId: String(row.tax_id), returnType: String(row.return_type), year: Number(row.year) })
    map.set(key, { ...(row as unknown as ItemValues), company_no: row.company_no === null ? null : Number(row.company_no), id: Number(row.id), key, state: String(row.state) })
  }
  return map
}

/** One item a reconciliation writes: new, or changed in a value or its state. */
interface PlannedChange {
  key: string
  item: ReconciledItem
  state: string
  values: ItemValues
  from: string | null
}

/** What a reconciliation would do: every reconciled item, those it writes, and the items whose return is gone. */
export interface FonReconciliationPlan {
  reconciled: ReconciledItem[]
  changed: PlannedChange[]
  gone: number[]
  /** Items per state afterwards (a kept resolution counts as resolvedManually). */
  states: Record<string, number>
}

/**
 * Plans a reconciliation of the stored sides — or of a side about to be imported in place of the stored one — against
 * the items as they are. Writes nothing: the import's dry run shows it, reconcileFon carries it out.
 */
export async function planFonReconciliation(db: Knex, replace: { records?: NtcsRecord[]; rows?: FonQuotaRow[] } = {}): Promise<FonReconciliationPlan> {
  const records = replace.records ?? (await loadFonRecords(db))
  const rows = replace.rows ?? (await loadFonQuotaRows(db))
  const [settings, existing] = [await loadFonSettings(db), await existingItems(db)]
  const reconciled = reconcile(records, rows)
  const changed: PlannedChange[] = []
  const states: Record<string, number> = {}
  const keys = new Set<string>()
  for (const item of reconciled) {
    const key = fonItemKey(item)
    keys.add(key)
    const values = valuesOf(item, settings.twoFactor)
    const before = existing.get(key)
    const keepResolved = before?.state === QuotaItemState.resolvedManually && values.fingerprint !== null && before.fingerprint === values.fingerprint
    const state = keepResolved ? QuotaItemState.resolvedManually : item.state
    states[state] = (states[state] ?? 0) + 1
    const same = before && before.state === state && DATA_COLUMNS.every((column) => String(before[column] ?? '') === String(values[column] ?? ''))
    if (!same) changed.push({ key, item, state, values, from: before?.state ?? null })
  }
  const gone = [...existing.values()].filter((item) => !keys.has(item.key)).map((item) => item.id)
  return { reconciled, changed, gone, states }
}

/**
 * Reconciles the two imported sides into fon_items, in the caller's transaction: new returns become items,
 * changed ones are updated (version bumped) and every change of state is written to the item's history. A manual
 * resolution stays while the conflict it was made on is unchanged; when either side changed, the item takes its
 * new state and the resolution ends (its remark stays in the history).
 */
export async function reconcileFon(props: ReconcileFonProps): Promise<ReconcileFonResult> {
  const { trx, actor } = props
  const { reconciled, changed, gone } = await planFonReconciliation(trx)
  const history: NewFonItemHistory[] = []
  for (let i = 0; i < changed.length; i += BATCH) {
    const batch = changed.slice(i, i + BATCH)
    const written = (await trx('fon_items')
      .insert(batch.map(({ item, state, values }) => ({ tax_id: item.taxId, return_type: item.returnType, year: item.year, state, ...values })))
      .onConflict(['tax_id', 'return_type', 'year'])
      .merge({
        ...Object.fromEntries(DATA_COLUMNS.map((column) => [column, trx.raw('excluded.??', [column])])),
        state: trx.raw('excluded.state'),
        // A resolution that no longer holds ends with its conflict.
        remark: trx.raw(`case when excluded.state = 'resolvedManually' then fon_items.remark else null end`),
        resolved_by: trx.raw(`case when excluded.state = 'resolvedManually' then fon_items.resolved_by else null end`),
        resolved_at: trx.raw(`case when excluded.state = 'resolvedManually' then fon_items.resolved_at else null end`),
        version: trx.raw('fon_items.version + 1'),
        updated_at: trx.fn.now(),
      })
      .returning(['id', 'tax_id', 'return_type', 'year'])) as { id: number; tax_id: string; return_type: string; year: number }[]
    const ids = new Map(written.map((row) => [fonItemKey({ taxId: row.tax_id, returnType: row.return_type, year: Number(row.year) }), Number(row.id)]))
    for (const entry of batch) {
      if (entry.from === entry.state) continue
      history.push({ itemId: ids.get(entry.key)!, actor, action: 'reconciled', fromState: entry.from, toState: entry.state })
    }
    await props.onProgress?.(Math.min(1, (i + batch.length) / Math.max(1, changed.length)))
  }
  await appendFonItemHistory(trx, history)
  for (let i = 0; i < gone.length; i += BATCH) await trx('fon_items').whereIn('id', gone.slice(i, i + BATCH)).delete()
  return { items: reconciled.length, changed: changed.length, removed: gone.length }
}
