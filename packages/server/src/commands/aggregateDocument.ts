import type { Knex } from 'knex'
import { pickCurrent, type DocumentKind } from '@portal/sdk/domain'
import type { Application } from '../declarations'
import { listCandidates, setChosenCandidates, type CandidateRow } from '../models/document-candidates'
import {
  BOOKING_COLUMNS,
  documentColumnsFrom,
  emitDocumentEvent,
  lockDocumentForChange,
  updateDocument,
  type DocumentChanges,
  type DocumentRow,
  type FieldValues,
} from '../models/documents/index'
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

/**
 * Derives a document's current values from every candidate it has, machine and human, and writes them: each
 * field's value by source precedence (Human_Booking > Human_Confirmation > Human_Labeling > machines by
 * confidence), exactly one chosen candidate per field and the row agreeing with it, the booking columns, and
 * the probable duplicate. Every step that writes a document's values runs through here; a booked document
 * is refused (409 documents:bookedCannotChange) before anything is written. Emits `patched` once committed;
 * answers the row, or undefined when there is no such document.
 */
export async function aggregateDocument(props: AggregateDocumentProps): Promise<DocumentRow | undefined> {
  const { app, documentId } = props
  const row = await app.get('knex').transaction(async (trx) => {
    const document = await lockDocumentForChange(trx, documentId)
    if (!document) return undefined
    await props.write?.(trx, document)
    const kind = (props.changes?.document_type ?? document.document_type) as DocumentKind
    const current = currentCandidates(await listCandidates(trx, documentId))
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
    return updateDocument(trx, documentId, { ...columns, ...booking, duplicate_of: duplicate, ...props.changes })
  })
  if (row) emitDocumentEvent(app, 'patched', row)
  return row
}
