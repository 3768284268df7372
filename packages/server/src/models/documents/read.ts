import type { Knex } from 'knex'
import { kindPermissions } from '@portal/sdk/domain'
import type { AbilityTarget } from '@portal/sdk/services'
import type { DocumentRow } from './row'

/** The company number a missing document answers with: the policy refuses it exactly like a foreign company's. */
export const NO_COMPANY = -1

/** Which rows a lookup sees: by default every row, the trash too (documents.get, downloads); `trashed: false` only live ones. */
export interface LookupOptions {
  trashed?: boolean
}

/** One document row, or undefined when there is none (or, with `trashed: false`, it sits in the trash). */
export async function loadDocument(db: Knex, id: number, options: LookupOptions = {}): Promise<DocumentRow | undefined> {
  const query = db('documents').where({ id })
  if (options.trashed === false) query.whereNull('deleted_at')
  return query.first()
}

/**
 * The company a document belongs to, for the policy; NO_COMPANY when there is no such document, so a missing
 * document is refused exactly like a foreign one and a refusal never tells which.
 */
export async function companyOfDocument(db: Knex, id: number, options: LookupOptions = {}): Promise<number> {
  const query = db('documents').where({ id })
  if (options.trashed === false) query.whereNull('deleted_at')
  const row = await query.first('company_no')
  return row ? Number(row.company_no) : NO_COMPANY
}

/**
 * What the policy needs of a document: its company (NO_COMPANY when missing), what its kind asks for to be seen at all
 * (an outgoing invoice's lar) and its status (for rights a state asks for).
 */
export async function accessOfDocument(db: Knex, id: number, options: LookupOptions = {}): Promise<{ companyNo: number; recordRequires: readonly string[]; status: number }> {
  const query = db('documents').where({ id })
  if (options.trashed === false) query.whereNull('deleted_at')
  const row = await query.first('company_no', 'status', 'document_type')
  return row
    ? { companyNo: Number(row.company_no), recordRequires: kindPermissions(row.document_type), status: Number(row.status) }
    : { companyNo: NO_COMPANY, recordRequires: [], status: 0 }
}

/** The stored kinds of these documents (trashed ones too), by id: what a record about them asks for to be seen. */
export async function documentKindsOf(db: Knex, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows: { id: number; document_type: string }[] = await db('documents').whereIn('id', [...new Set(ids)]).select('id', 'document_type')
  return new Map(rows.map((row) => [Number(row.id), String(row.document_type)]))
}

/** The policy's target of a call on one document: its company and what its kind asks for (see accessOfDocument). */
export async function documentTarget(db: Knex, id: number, options: LookupOptions = {}): Promise<AbilityTarget> {
  const { companyNo, recordRequires } = await accessOfDocument(db, id, options)
  return { companyNo, recordRequires }
}

/** What a download needs of a document: its company and kind (for the policy) and its stored file. */
export interface DocumentFile {
  company_no: number
  document_type: string
  sha256: string
  mime: string
  file_name: string
  pages: number
}

/** The stored file of a document (the trash too), or undefined. */
export async function loadDocumentFile(db: Knex, id: number): Promise<DocumentFile | undefined> {
  const row = await db('documents').where({ id }).first('company_no', 'document_type', 'sha256', 'mime', 'file_name', 'pages')
  if (!row) return undefined
  return { company_no: Number(row.company_no), document_type: String(row.document_type), sha256: String(row.sha256).trim(), mime: String(row.mime), file_name: String(row.file_name), pages: Number(row.pages) }
}

/** The id of the company's live (not trashed) document with this content, if it has one. */
export async function liveDocumentWithHash(db: Knex, companyNo: number, sha256: string): Promise<number | undefined> {
  const row = await db('documents').where({ company_no: companyNo, sha256 }).whereNull('deleted_at').first('id')
  return row ? Number(row.id) : undefined
}

/**
 * The live document of a company with this content as the caller may know it: its id, or null when its kind is one
 * the caller may not see (an outgoing invoice without lar) — the content is there, which document holds it is not said.
 */
export async function liveDocumentWithHashFor(db: Knex, companyNo: number, sha256: string, hiddenKinds: readonly string[]): Promise<{ id: number | null } | undefined> {
  const row = await db('documents').where({ company_no: companyNo, sha256 }).whereNull('deleted_at').first('id', 'document_type')
  if (!row) return undefined
  return { id: hiddenKinds.includes(String(row.document_type)) ? null : Number(row.id) }
}

/**
 * Which of these contents the company has as live documents, and as which (resumable uploads); the document is not
 * named where its kind is hidden from the caller.
 */
export async function knownHashes(db: Knex, companyNo: number, hashes: readonly string[], hiddenKinds: readonly string[] = []): Promise<{ sha256: string; documentId?: number }[]> {
  if (hashes.length === 0) return []
  const rows: { id: number; sha256: string; document_type: string }[] = await db('documents')
    .where({ company_no: companyNo })
    .whereNull('deleted_at')
    .whereIn('sha256', [...hashes])
    .select('id', 'sha256', 'document_type')
  return rows.map((row) => (hiddenKinds.includes(row.document_type) ? { sha256: row.sha256.trim() } : { sha256: row.sha256.trim(), documentId: Number(row.id) }))
}

/** Which of these contents any documents row references (trashed rows and every company count). */
export async function referencedHashes(db: Knex, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set()
  const rows: { sha256: string }[] = await db('documents').whereIn('sha256', [...hashes]).distinct('sha256')
  return new Set(rows.map((row) => row.sha256.trim()))
}

/** Whether any documents row (trashed ones and every company included) references this content. */
export async function isHashReferenced(db: Knex, sha256: string): Promise<boolean> {
  return (await db('documents').where({ sha256 }).first('id')) !== undefined
}

/** Facts of a possible duplicate: the same company, other party and invoice number as an earlier document. */
export interface DuplicateQuery {
  documentId: number
  companyNo: number
  vatId: string
  invoiceNumber: string
}

/** The earliest live document before this one with the same other party (VAT id) and invoice number. */
export async function earlierDocumentWithInvoice(db: Knex, query: DuplicateQuery): Promise<number | null> {
  const row = await db('documents')
    .where({ company_no: query.companyNo, vat_id: query.vatId, invoice_number: query.invoiceNumber })
    .whereNull('deleted_at')
    .whereNot({ id: query.documentId })
    .andWhere('id', '<', query.documentId)
    .orderBy('id')
    .first('id')
  return row ? Number(row.id) : null
}
