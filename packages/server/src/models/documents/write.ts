import type { Knex } from 'knex'
import { DocumentStatus, hasStatus, ProcessingState, type DocumentKind, type FileKind } from '@portal/sdk/domain'
import { bookedCannotChange, staleVersion } from './errors'
import type { DocumentChanges, DocumentRow } from './row'

/** True when the document is booked: unalterable from then on (BAO §131/§132), only a reversal may follow. */
export function isBooked(row: { status: number | string }): boolean {
  return hasStatus(Number(row.status), DocumentStatus.Booked)
}

/** Throws bookedCannotChange (409) when the document is booked. */
export function assertChangeable(row: { id: number; status: number | string }): void {
  if (isBooked(row)) throw bookedCannotChange(Number(row.id))
}

/** What intake knows of a new document. */
export interface NewDocument {
  company_no: number
  document_type: DocumentKind
  sha256: string
  file_name: string
  mime: string
  file_kind: FileKind
  pages: number
  size: number
  created_by: string | null
  /** A scan batch for the document editor. */
  in_editor?: boolean
  /** The editor's original upload this document was cut from (kept for the audit). */
  editor_original_id?: number
  /** The client's note for the firm (issue 36). */
  client_note?: string
}

/** Inserts a document taken in, queued for extraction; answers the whole row. */
export async function insertDocument(db: Knex, document: NewDocument): Promise<DocumentRow> {
  const [row] = await db('documents')
    .insert({ ...document, processing_state: ProcessingState.queued })
    .returning('*')
  return row
}

/**
 * The one way to change a document row: sets `changes` (and updated_at) unless the row is booked, in the same
 * statement, so a booking that commits first always wins, and bumps its version (optimistic concurrency: every change
 * makes the version a client saw stale). Throws bookedCannotChange (409) for a booked document; answers the updated
 * row, or undefined when there is no such document.
 */
export async function updateDocument(db: Knex, id: number, changes: DocumentChanges): Promise<DocumentRow | undefined> {
  const [row] = await db('documents')
    .where({ id })
    .whereRaw('(status & ?) = 0', [DocumentStatus.Booked])
    .update({ ...changes, updated_at: db.fn.now(), version: db.raw('version + 1') })
    .returning('*')
  if (row) return row
  const existing = await db('documents').where({ id }).first('id', 'status')
  if (existing) assertChangeable(existing)
  return undefined
}

/** Throws staleVersion (409) unless the document is still at the version the caller saw (none given: no check). */
export function assertVersion(row: { id: number; version: number | string }, seen: number | undefined): void {
  if (seen !== undefined && Number(row.version) !== seen) throw staleVersion(Number(row.id), Number(row.version), seen)
}

/**
 * Locks a document for a change inside a transaction (candidates and row together): answers the row, or
 * undefined when there is none; throws bookedCannotChange (409) when it is booked and staleVersion (409) when
 * `expectedVersion` is given and the document moved past it. Concurrent changes of the same document wait for each
 * other, so of two writes made on the same version exactly one wins.
 */
export async function lockDocumentForChange(trx: Knex.Transaction, id: number, expectedVersion?: number): Promise<DocumentRow | undefined> {
  const row: DocumentRow | undefined = await trx('documents').where({ id }).forUpdate().first()
  if (row) {
    assertChangeable(row)
    assertVersion({ id: row.id, version: row.version as number }, expectedVersion)
  }
  return row
}

/**
 * Deletes a trashed document's row for good (its pages, candidates and presences go with it by cascade; history rows
 * have no key on it and stay). Answers the deleted row, or undefined when it is not (or no longer) in the trash.
 */
export async function deleteTrashedDocument(trx: Knex.Transaction, id: number): Promise<DocumentRow | undefined> {
  const [row] = await trx('documents').where({ id }).whereNotNull('deleted_at').delete().returning('*')
  return row
}
