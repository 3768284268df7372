import { QuotaConflictKind, QuotaItemState } from './quota'
import type { CashRegisterState } from './states'
import type { FonReturnType } from './fonQuota'

/**
 * Reconciliation of the firm's records (the NTCS side) with the FinanzOnline quota list: each return of a year
 * gets a state of SPEC §4 and, for a conflict, its kind. Pure: the server feeds it both imports and stores what
 * it answers.
 */

/** One return as the firm's records export lists it. */
export interface NtcsRecord {
  persNr: string
  taxId: string
  name: string
  returnType: FonReturnType
  year: number
  /** abgabedatum: when the firm's system says the return was submitted (ISO date), or null. */
  submittedOn: string | null
  /** False when the firm marks the return not relevant for the quota (e.g. the mandate ended). */
  relevant: boolean
  companyNo: number | null
  kontonr: string | null
  ntcsId: string | null
  kanzleiId: string | null
}

/** One line of the FinanzOnline quota list. */
export interface FonQuotaRow {
  taxId: string
  /** The firm's person number when FON carries it (Ordnungsbegriff), else null. */
  persNr: string | null
  name: string
  returnType: FonReturnType
  year: number
  /** eingangsDatum: when FON received the return (ISO date), or null. */
  receivedOn: string | null
  regKassa: CashRegisterState | null
  saldo: string | null
}

/** The field two sides disagree on. */
export type FonConflictField = 'taxId' | 'submittedOn' | 'receivedOn' | 'item'

/** What the person working the list should do next (its text is `fon:action.<key>`). */
export type FonAction = 'submit' | 'createRecord' | 'correctNtcs' | 'checkFon' | 'none'

/** One reconciled item: the key (taxId, returnType, year), the state, and for a conflict its kind and both values. */
export interface ReconciledItem {
  taxId: string
  returnType: FonReturnType
  year: number
  persNr: string | null
  name: string
  state: QuotaItemState
  conflictKind: QuotaConflictKind | null
  conflictField: FonConflictField | null
  /** The firm's value of the conflicting field, as text (null: none). */
  ntcsValue: string | null
  /** FON's value of the conflicting field, as text (null: none). */
  fonValue: string | null
  action: FonAction
  submittedOn: string | null
  receivedOn: string | null
  regKassa: CashRegisterState | null
  saldo: string | null
  companyNo: number | null
  kontonr: string | null
  ntcsId: string | null
  kanzleiId: string | null
}

/** The key of an item: one return of one taxpayer for one year. */
export function fonItemKey(item: { taxId: string; returnType: string; year: number }): string {
  return `${item.taxId}|${item.returnType}|${item.year}`
}

function personKey(persNr: string, returnType: string, year: number): string {
  return `${persNr}|${returnType}|${year}`
}

function conflict(
  kind: QuotaConflictKind,
  field: FonConflictField,
  ntcsValue: string | null,
  fonValue: string | null,
  action: FonAction,
): Pick<ReconciledItem, 'state' | 'conflictKind' | 'conflictField' | 'ntcsValue' | 'fonValue' | 'action'> {
  const state = kind === QuotaConflictKind.noNTCSRecord ? QuotaItemState.noNTCSRecord : QuotaItemState.dataConflict
  return { state, conflictKind: kind, conflictField: field, ntcsValue, fonValue, action }
}

const CLEAR = { conflictKind: null, conflictField: null, ntcsValue: null, fonValue: null } as const

/**
 * The state of one return from both sides:
 * - FON lists it, the firm has no record (by tax number or person number): noNTCSRecord;
 * - the firm's record (found by person number) has another tax number: a mismatch on the firm's side (taxId);
 * - the firm marks it not relevant: notRelevant;
 * - FON received it but the firm's system has no or a later submission date: a mismatch on the firm's side;
 * - the firm submitted it but FON shows no receipt, or FON does not list the return at all: a mismatch on the
 *   FON side;
 * - FON received it and the dates agree: submitted; nobody submitted it yet: open.
 */
export function reconcileOne(record: NtcsRecord | undefined, row: FonQuotaRow | undefined): ReconciledItem {
  const base = row ?? record!
  const item: ReconciledItem = {
    taxId: row?.taxId ?? record!.taxId,
    returnType: base.returnType,
    year: base.year,
    persNr: record?.persNr ?? row?.persNr ?? null,
    name: record?.name ?? row!.name,
    state: QuotaItemState.open,
    ...CLEAR,
    action: 'submit',
    submittedOn: record?.submittedOn ?? null,
    receivedOn: row?.receivedOn ?? null,
    regKassa: row?.regKassa ?? null,
    saldo: row?.saldo ?? null,
    companyNo: record?.companyNo ?? null,
    kontonr: record?.kontonr ?? null,
    ntcsId: record?.ntcsId ?? null,
    kanzleiId: record?.kanzleiId ?? null,
  }
  if (!record) return { ...item, ...conflict(QuotaConflictKind.noNTCSRecord, 'item', null, row!.taxId, 'createRecord') }
  if (!row) return { ...item, ...conflict(QuotaConflictKind.fonMismatch, 'item', record.taxId, null, 'checkFon') }
  if (record.taxId !== row.taxId) {
    return { ...item, ...conflict(QuotaConflictKind.ntcsMismatch, 'taxId', record.taxId, row.taxId, 'correctNtcs') }
  }
  if (!record.relevant) return { ...item, state: QuotaItemState.notRelevant, action: 'none' }
  if (row.receivedOn) {
    if (!record.submittedOn || record.submittedOn > row.receivedOn) {
      return { ...item, ...conflict(QuotaConflictKind.ntcsMismatch, 'submittedOn', record.submittedOn, row.receivedOn, 'correctNtcs') }
    }
    return { ...item, state: QuotaItemState.submitted, action: 'none' }
  }
  if (record.submittedOn) {
    return { ...item, ...conflict(QuotaConflictKind.fonMismatch, 'receivedOn', record.submittedOn, null, 'checkFon') }
  }
  return item
}

/**
 * Reconciles both sides: every FON row is matched to the firm's record by tax number, else by person number (same
 * return type and year); the firm's records FON does not list become items of their own. Answers one item per
 * return, in FON's order followed by the firm's unmatched records.
 */
export function reconcile(records: readonly NtcsRecord[], rows: readonly FonQuotaRow[]): ReconciledItem[] {
  const byTax = new Map<string, NtcsRecord>()
  const byPerson = new Map<string, NtcsRecord>()
  for (const record of records) {
    byTax.set(fonItemKey(record), record)
    byPerson.set(personKey(record.persNr, record.returnType, record.year), record)
  }
  const used = new Set<NtcsRecord>()
  const items: ReconciledItem[] = []
  const seen = new Set<string>()
  for (const row of rows) {
    const key = fonItemKey(row)
    if (seen.has(key)) continue
    seen.add(key)
    let record = byTax.get(key)
    if ((!record || used.has(record)) && row.persNr) record = byPerson.get(personKey(row.persNr, row.returnType, row.year))
    if (record && used.has(record)) record = undefined
    if (record) used.add(record)
    items.push(reconcileOne(record, row))
  }
  for (const record of records) {
    if (used.has(record) || seen.has(fonItemKey(record))) continue
    seen.add(fonItemKey(record))
    items.push(reconcileOne(record, undefined))
  }
  return items
}

/**
 * What a manual resolution was made on: the conflict's kind and both values. A resolution stays while a new
 * import shows the same conflict, and ends (the item takes its new state) when either side changed.
 */
export function conflictFingerprint(item: Pick<ReconciledItem, 'conflictKind' | 'conflictField' | 'ntcsValue' | 'fonValue'>): string | null {
  if (!item.conflictKind) return null
  return [item.conflictKind, item.conflictField, item.ntcsValue ?? '', item.fonValue ?? ''].join('|')
}

/** True for states a person can resolve manually (the conflicts). */
export function isResolvable(state: string): boolean {
  return state === QuotaItemState.dataConflict || state === QuotaItemState.noNTCSRecord
}
