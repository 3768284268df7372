import type { Knex } from 'knex'
import { DocumentKind, DocumentStatus, DocumentType, type ProcessingState } from '@portal/sdk/domain'
import type { DocumentTypeName } from '@portal/sdk/services'

/**
 * A user's search words as a query over the German and English stemmings of the stored vector
 * (migration 007). Takes the search text twice as bindings.
 */
const FULL_TEXT_QUERY = "websearch_to_tsquery('german', ?) || websearch_to_tsquery('english', ?)"

/** The stored kind each invoice view lists; the views not named here do not narrow by kind. */
const KIND_OF_VIEW: Partial<Record<DocumentTypeName, DocumentKind>> = {
  [DocumentType.ER_U]: DocumentKind.ER,
  [DocumentType.AR_U]: DocumentKind.AR,
  [DocumentType.ER]: DocumentKind.ER,
  [DocumentType.AR]: DocumentKind.AR,
  [DocumentType.KA]: DocumentKind.KA,
  [DocumentType.OtherDocuments]: DocumentKind.Other,
}

/** Views of documents people have not confirmed yet; ER and AR are the confirmed ones. */
const UNCONFIRMED_VIEWS: readonly DocumentTypeName[] = [DocumentType.ER_U, DocumentType.AR_U]
const CONFIRMED_VIEWS: readonly DocumentTypeName[] = [DocumentType.ER, DocumentType.AR]

/** Narrows a documents query to one document view of SPEC §3 (the trash, or live documents of a kind and state). */
function whereView(builder: Knex.QueryBuilder, view: DocumentTypeName): void {
  if (view === DocumentType.Trash) {
    builder.whereNotNull('documents.deleted_at')
    return
  }
  builder.whereNull('documents.deleted_at')
  const kind = KIND_OF_VIEW[view]
  if (kind) builder.where('documents.document_type', kind)
  if (UNCONFIRMED_VIEWS.includes(view)) builder.whereRaw('(documents.status & ?) = 0', [DocumentStatus.Confirmed])
  if (CONFIRMED_VIEWS.includes(view)) builder.whereRaw('(documents.status & ?) <> 0', [DocumentStatus.Confirmed])
}

/** Narrows to documents whose pages hold the search words. */
function whereFullText(builder: Knex.QueryBuilder, words: string): void {
  builder.whereRaw(`documents.full_text_tsv @@ (${FULL_TEXT_QUERY})`, [words, words])
}

/** A company's live documents, optionally in one processing state (the Documents screen); page it with findPage. */
export function companyDocumentsQuery(db: Knex, filter: { companyNo: number; processingState?: ProcessingState }): Knex.QueryBuilder {
  const builder = db('documents').where('documents.company_no', filter.companyNo).whereNull('documents.deleted_at')
  if (filter.processingState) builder.where('documents.processing_state', filter.processingState)
  return builder
}

/** A company's invoices of one view, as the invoice lists and the invoice badge read them; page it with findPage. */
export function invoiceListQuery(
  db: Knex,
  filter: { companyNo: number; view: DocumentTypeName; aggregated?: boolean; fullText?: string },
): Knex.QueryBuilder {
  const builder = db('documents').where('documents.company_no', filter.companyNo)
  // Documents still in the editor's accumulator are not invoices yet.
  builder.where('documents.in_editor', false)
  whereView(builder, filter.view)
  if (filter.aggregated !== undefined) builder.where('documents.aggregated', filter.aggregated)
  if (typeof filter.fullText === 'string') whereFullText(builder, filter.fullText)
  return builder
}

/**
 * Live documents in the document editor, of one company or of the given companies (undefined: all, for
 * internal calls); `waiting` keeps those the editor's accumulator has not finished. Page it with findPage.
 */
export function editorDocumentsQuery(db: Knex, filter: { companyNo?: number; companies?: number[]; waiting: boolean }): Knex.QueryBuilder {
  const builder = db('documents').where('documents.in_editor', true).whereNull('documents.deleted_at')
  if (filter.companyNo !== undefined) builder.where('documents.company_no', filter.companyNo)
  else if (filter.companies) builder.whereIn('documents.company_no', filter.companies)
  if (filter.waiting) builder.whereNull('documents.is_processed_documents_accumulator')
  return builder
}

/** One search hit as the database answers it; `headline` marks the matched words between `marks`. */
export interface SearchRow {
  id: number
  file_name: string
  document_type: string
  invoice_number: string | null
  invoice_date: string | null
  total_gross: string | null
  rank: number
  headline: string | null
}

/** What searchDocuments looks for and which page of hits it answers. */
export interface SearchFilter {
  companyNo: number
  words: string
  limit: number
  skip: number
  /** ts_headline's start and stop marks around matched words. */
  marks: { start: string; stop: string }
}

/** Ranked full-text search over a company's live documents: the number of matches and one page of hits with headlines. */
export async function searchDocuments(db: Knex, filter: SearchFilter): Promise<{ total: number; rows: SearchRow[] }> {
  const { words, limit, skip } = filter
  const matches = db('documents').where('company_no', filter.companyNo).whereNull('deleted_at')
  whereFullText(matches, words)
  const counted = await matches.clone().count({ total: '*' }).first()
  const total = Number(counted?.total ?? 0)
  if (limit === 0 || total === 0) return { total, rows: [] }
  // Rank from the stored vector (fast); headlines only for the page that is returned.
  const rows: SearchRow[] = await db
    .with('hits', (hits) =>
      hits
        .from(matches.clone().as('m'))
        .select('*', db.raw(`ts_rank(full_text_tsv, ${FULL_TEXT_QUERY}) as rank`, [words, words]))
        .orderBy([{ column: 'rank', order: 'desc' }, { column: 'id', order: 'desc' }])
        .limit(limit)
        .offset(skip),
    )
    .from('hits')
    .select(
      'id',
      'file_name',
      'document_type',
      'invoice_number',
      db.raw(`to_char(invoice_date, 'YYYY-MM-DD') as invoice_date`),
      db.raw('total_gross::text as total_gross'),
      'rank',
      db.raw(`ts_headline('german', coalesce(full_text, ''), ${FULL_TEXT_QUERY}, ?) as headline`, [
        words,
        words,
        `StartSel=${filter.marks.start}, StopSel=${filter.marks.stop}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`,
      ]),
    )
    .orderBy([{ column: 'rank', order: 'desc' }, { column: 'id', order: 'desc' }])
  return { total, rows }
}
