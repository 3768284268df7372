import type { Knex } from 'knex'
import { DOCUMENT_KINDS, HistoryAction, isHumanSource, pickCurrent, type DocumentKind } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import { listCandidates, setChosenCandidates, type CandidateRow } from '../models/document-candidates'
import { appendHistory, type NewHistoryEntry } from '../models/document-history'
import {
  BOOKING_COLUMNS,
  documentColumnsFrom,
  documentNoAccess,
  emitDocumentEvent,
  lockDocumentForChange,
  updateDocument,
  type DocumentChanges,
  type DocumentRow,
  type FieldValues,
} from '../models/documents/index'
import type { Actor } from '../models/users'
import { findDuplicate } from './findDuplicate'
import { matchAccount } from './matchAccount'
import { recallSupplierDefaults } from './recallSupplierDefaults'

/** Props of aggregateDocument. */
export interface AggregateDocumentProps {
  app: Application
  documentId: number
  /**
   * The calling step's own writes (the candidates it adds or replaces), made under the document's lock in the
   * same transaction as the aggregation, so the row never shows a state between them.
   */
  write?: (trx: Knex.Transaction, document: DocumentRow) => Promise<void>
  /** Columns the step sets along with the derived ones (the extraction: kind, pages, full text, processing done). */
  changes?: DocumentChanges
  /** The version the person saw; a document that moved past it is refused (409 documents:staleVersion). */
  expectedVersion?: number
  /** Refuse a document in the trash like a missing one (people's writes; the extraction still finishes a trashed one). */
  live?: boolean
  /** What the history records the changed values under (default: the extraction) and who made them (default: the machines). */
  action?: HistoryAction
  actor?: Actor
  /** Fields the history records even when their value stays (a person entered the same value the machine read). */
  touched?: readonly string[]
  /** An entry about the whole document besides the values' (confirm: the view it left and entered). */
  documentEntry?: (before: DocumentRow, after: DocumentRow) => Pick<NewHistoryEntry, 'field' | 'old_value' | 'new_value' | 'source'>
}

/** The current candidate of every field: people's over machines' by source precedence (SDK pickCurrent). */
function currentCandidates(candidates: readonly CandidateRow[]): Map<string, CandidateRow> {
  const byField = new Map<string, CandidateRow[]>()
  for (const candidate of candidates) byField.set(candidate.field, [...(byField.get(candidate.field) ?? []), candidate])
  const current = new Map<string, CandidateRow>()
  for (const [field, list] of byField) {
    const chosen = pickCurrent(list)
    if (chosen) current.set(field, chosen)
  }
  return current
}

/** Account, cost centre and tax code: what a person gave, else the supplier's taught defaults, else the matched account. */
async function bookingColumns(trx: Knex.Transaction, companyNo: number, kind: DocumentKind, values: FieldValues): Promise<DocumentChanges> {
  const given = (field: keyof typeof BOOKING_COLUMNS) => values[field]
  const defaults = await recallSupplierDefaults({ db: trx, companyNo, kind, values })
  const account = given('account_number') ?? defaults.account_number ?? (await matchAccount({ db: trx, companyNo, kind, values }))
  return {
    [BOOKING_COLUMNS.account_number]: account === null ? null : Number(account),
    [BOOKING_COLUMNS.cost_center]: given('cost_center') ?? defaults.cost_center ?? null,
    [BOOKING_COLUMNS.tax_code]: given('tax_code') ?? defaults.tax_code ?? null,
  }
}

/** The kind a person gave (document_type labelled), which wins over the machine's decision. */
function humanKind(current: Map<string, CandidateRow>): DocumentKind | undefined {
  const candidate = current.get('document_type')
  if (!candidate || !isHumanSource(candidate.source)) return undefined
  return (DOCUMENT_KINDS as readonly string[]).includes(candidate.value) ? (candidate.value as DocumentKind) : undefined
}

/** History entries for every field whose current value changed (or that the step touched), with the new value's source. */
function valueEntries(
  before: Map<string, CandidateRow>,
  after: Map<string, CandidateRow>,
  touched: readonly string[],
): Pick<NewHistoryEntry, 'field' | 'old_value' | 'new_value' | 'source'>[] {
  const fields = [...new Set([...before.keys(), ...after.keys()])].sort()
  return fields
    .filter((field) => before.get(field)?.value !== after.get(field)?.value || touched.includes(field))
    .map((field) => ({
      field,
      old_value: before.get(field)?.value ?? null,
      new_value: after.get(field)?.value ?? null,
      source: after.get(field)?.source ?? null,
    }))
}

/**
 * Derives a document's current values from every candidate it has, machine and human, and writes them: each
 * field's value by source precedence (Human_Booking > Human_Confirmation > Human_Labeling > machines by
 * confidence), exactly one chosen candidate per field and the row agreeing with it, the booking columns, and
 * the probable duplicate. Every step that writes a document's values runs through here; a booked document
 * is refused (409 documents:bookedCannotChange) and a stale version (409 documents:staleVersion) before anything is
 * written. The changed values go to the document's history in the same transaction. Emits `patched` once committed;
 * answers the row, or undefined when there is no such document.
 */
export async function aggregateDocument(props: AggregateDocumentProps): Promise<DocumentRow | undefined> {
  const { app, documentId } = props
  const row = await app.get('knex').transaction(async (trx) => {
    const document = await lockDocumentForChange(trx, documentId, props.expectedVersion)
    if (!document) return undefined
    if (props.live && document.deleted_at) throw documentNoAccess()
    const before = new Map((await listCandidates(trx, documentId)).filter((c) => c.chosen).map((c) => [c.field, c]))
    await props.write?.(trx, document)
    const current = currentCandidates(await listCandidates(trx, documentId))
    const kind = humanKind(current) ?? ((props.changes?.document_type ?? document.document_type) as DocumentKind)
    const values: FieldValues = Object.fromEntries([...current].map(([field, candidate]) => [field, candidate.value]))
    const columns = documentColumnsFrom(values, kind)
    const booking = await bookingColumns(trx, document.company_no, kind, values)
    const duplicate = await findDuplicate({
      db: trx,
      documentId,
      companyNo: document.company_no,
      vatId: columns.vat_id as string | null,
      invoiceNumber: columns.invoice_number as string | null,
    })
    await setChosenCandidates(trx, documentId, [...current.values()].map((candidate) => candidate.id))
    const updated = await updateDocument(trx, documentId, {
      ...columns,
      ...booking,
      duplicate_of: duplicate,
      ...props.changes,
      document_type: kind,
    })
    if (!updated) return undefined
    const actor = props.actor ?? { id: null, name: null }
    const common = {
      document_id: documentId,
      company_no: document.company_no,
      user_id: actor.id,
      user_name: actor.name,
      action: props.action ?? HistoryAction.extract,
      version: Number(updated.version),
    }
    const entries: NewHistoryEntry[] = valueEntries(before, current, props.touched ?? []).map((entry) => ({ ...common, ...entry }))
    if (props.documentEntry) entries.push({ ...common, ...props.documentEntry(document, updated) })
    await appendHistory(trx, entries)
    return updated
  })
  if (row) emitDocumentEvent(app, 'patched', row)
  return row
}
