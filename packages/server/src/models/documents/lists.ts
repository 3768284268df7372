import type { Knex } from 'knex'
import { DocumentKind, DocumentStatus, DocumentType, type ApprovalState, type ProcessingState } from '@portal/sdk/domain'
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

// The Confirmed bit as a literal, exactly as migration 010's documents_view_idx spells it, so the planner uses the index.
const CONFIRMED_BIT = `(documents.status & ${Number(DocumentStatus.Confirmed)})`
const IS_CONFIRMED = `${CONFIRMED_BIT} = ${Number(DocumentStatus.Confirmed)}`
const IS_UNCONFIRMED = `${CONFIRMED_BIT} = 0`

/** Narrows a documents query to one document view of SPEC §3 (the trash, or live documents of a kind and state). */
function whereView(builder: Knex.QueryBuilder, view: DocumentTypeName): void {
  if (view === DocumentType.Trash) {
    builder.whereNotNull('documents.deleted_at')
    return
  }
  builder.whereNull('documents.deleted_at')
  const kind = KIND_OF_VIEW[view]
  if (kind) builder.where('documents.document_type', kind)
  if (UNCONFIRMED_VIEWS.includes(view)) builder.whereRaw(IS_UNCONFIRMED)
  if (CONFIRMED_VIEWS.includes(view)) builder.whereRaw(IS_CONFIRMED)
}

/** Leaves out the stored kinds the caller may not see (policies' hiddenDocumentKinds: an outgoing invoice without lar). */
function whereKindVisible(builder: Knex.QueryBuilder, hidden: readonly string[] | undefined): void {
  if (hidden && hidden.length > 0) builder.whereNotIn('documents.document_type', [...hidden])
}

/** Narrows to documents whose pages hold the search words. */
function whereFullText(builder: Knex.QueryBuilder, words: string): void {
  builder.whereRaw(`documents.full_text_tsv @@ (${FULL_TEXT_QUERY})`, [words, words])
}

/** A company's live documents, optionally in one processing state (the Documents screen); page it with findPage. */
export function companyDocumentsQuery(db: Knex, filter: { companyNo: number; processingState?: ProcessingState; hiddenKinds?: readonly string[] }): Knex.QueryBuilder {
  const builder = db('documents').where('documents.company_no', filter.companyNo).whereNull('documents.deleted_at')
  whereKindVisible(builder, filter.hiddenKinds)
  if (filter.processingState) builder.where('documents.processing_state', filter.processingState)
  return builder
}

/** What an invoice list narrows by, besides the company and the view (all optional). */
export interface InvoiceListFilter {
  companyNo: number
  view: DocumentTypeName
  aggregated?: boolean
  fullText?: string
  /** Invoice date range, YYYY-MM-DD, inclusive. */
  dateFrom?: string
  dateTo?: string
  /** Part of the other party's name, case ignored. */
  party?: string
  /** Gross amount range, decimal text, inclusive. */
  amountMin?: string
  amountMax?: string
  /** Status bits that must all be set, and bits that must all be clear. */
  statusHas?: number
  statusLacks?: number
  /** YYYY-MM of the invoice date (of the upload when it has none): Other documents by month. */
  month?: string
  processingState?: ProcessingState
  /** The approval state of an incoming invoice (approval_states; no row is `open`). */
  approval?: ApprovalState
  /** Stored kinds the caller may not see. */
  hiddenKinds?: readonly string[]
}

// The month a document counts in: its invoice date's, else its upload's.
const MONTH_OF = "to_char(coalesce(documents.invoice_date, documents.created_at::date), 'YYYY-MM')"

/** `%` and `_` typed by a person are meant literally in a contains-search. */
const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** A company's invoices of one view, as the invoice lists and the invoice badge read them; page it with findPage. */
export function invoiceListQuery(db: Knex, filter: InvoiceListFilter): Knex.QueryBuilder {
  const builder = db('documents').where('documents.company_no', filter.companyNo)
  // Documents still in the editor's accumulator are not invoices yet (written as the view index's predicate).
  builder.whereRaw('not documents.in_editor')
  whereView(builder, filter.view)
  whereKindVisible(builder, filter.hiddenKinds)
  if (filter.aggregated !== undefined) builder.where('documents.aggregated', filter.aggregated)
  if (typeof filter.fullText === 'string') whereFullText(builder, filter.fullText)
  if (filter.dateFrom) builder.where('documents.invoice_date', '>=', filter.dateFrom)
  if (filter.dateTo) builder.where('documents.invoice_date', '<=', filter.dateTo)
  if (filter.party) builder.whereRaw('documents.party_name ilike ?', [likeContains(filter.party)])
  if (filter.amountMin) builder.where('documents.total_gross', '>=', filter.amountMin)
  if (filter.amountMax) builder.where('documents.total_gross', '<=', filter.amountMax)
  if (filter.statusHas) builder.whereRaw('(documents.status & ?) = ?', [filter.statusHas, filter.statusHas])
  if (filter.statusLacks) builder.whereRaw('(documents.status & ?) = 0', [filter.statusLacks])
  if (filter.month) builder.whereRaw(`${MONTH_OF} = ?`, [filter.month])
  if (filter.processingState) builder.where('documents.processing_state', filter.processingState)
  if (filter.approval === 'open') builder.whereNotExists(db('approval_states').whereRaw('approval_states.document_id = documents.id'))
  else if (filter.approval) builder.whereExists(db('approval_states').whereRaw('approval_states.document_id = documents.id').where('approval_states.state', filter.approval))
  return builder
}

/**
 * How many documents each view of a company holds (documents in the editor left out, and the kinds the caller may
 * not see), in one scan of its rows.
 */
export async function countViews(db: Knex, companyNo: number, hiddenKinds: readonly string[] = []): Promise<Record<Exclude<DocumentTypeName, 'FullText'>, number>> {
  const live = 'documents.deleted_at is null'
  const kind = (k: DocumentKind) => `documents.document_type = '${k}'`
  const builder = db('documents').where('documents.company_no', companyNo).whereRaw('not documents.in_editor')
  whereKindVisible(builder, hiddenKinds)
  const row = (await builder
    .select(
      db.raw(`count(*) filter (where ${live} and ${kind(DocumentKind.ER)} and ${IS_UNCONFIRMED})::int as "ER_U"`),
      db.raw(`count(*) filter (where ${live} and ${kind(DocumentKind.AR)} and ${IS_UNCONFIRMED})::int as "AR_U"`),
      db.raw(`count(*) filter (where ${live} and ${kind(DocumentKind.ER)} and ${IS_CONFIRMED})::int as "ER"`),
      db.raw(`count(*) filter (where ${live} and ${kind(DocumentKind.AR)} and ${IS_CONFIRMED})::int as "AR"`),
      db.raw(`count(*) filter (where ${live} and ${kind(DocumentKind.KA)})::int as "KA"`),
      db.raw(`count(*) filter (where ${live} and ${kind(DocumentKind.Other)})::int as "OtherDocuments"`),
      db.raw(`count(*) filter (where documents.deleted_at is not null)::int as "Trash"`),
    )
    .first()) as Record<string, number | string>
  return {
    ER_U: Number(row.ER_U),
    AR_U: Number(row.AR_U),
    ER: Number(row.ER),
    AR: Number(row.AR),
    KA: Number(row.KA),
    OtherDocuments: Number(row.OtherDocuments),
    Trash: Number(row.Trash),
  }
}

/** A company's live Other documents per month (YYYY-MM), newest month first. */
export async function countOtherByMonth(db: Knex, companyNo: number): Promise<{ month: string; total: number }[]> {
  const rows = (await db('documents')
    .where({ 'documents.company_no': companyNo, 'documents.document_type': DocumentKind.Other })
    .whereNull('documents.deleted_at')
    .whereRaw('not documents.in_editor')
    .select(db.raw(`${MONTH_OF} as month`), db.raw('count(*)::int as total'))
    .groupByRaw(MONTH_OF)
    .orderBy('month', 'desc')) as { month: string; total: number | string }[]
  return rows.map((row) => ({ month: String(row.month), total: Number(row.total) }))
}

/** Ids of documents that sat in the trash since before `cutoff` (every company): the retention purge's work, oldest first. */
export async function trashedBefore(db: Knex, cutoff: Date, limit: number): Promise<number[]> {
  const rows: { id: number }[] = await db('documents')
    .where('deleted_at', '<=', cutoff)
    // Booked records stay (BAO § 132): a document with a booking, reversed or not, is never purged from the trash.
    .whereNotExists((booked) => booked.select(db.raw('1')).from('bookings').whereRaw('bookings.document_id = documents.id'))
    .orderBy('deleted_at')
    .limit(limit)
    .select('id')
  return rows.map((row) => Number(row.id))
}

/** How many trashed documents past `cutoff` are kept because they were booked (BAO § 132); the retention job says so. */
export async function retainedInTrash(db: Knex, cutoff: Date): Promise<number> {
  const row = (await db('documents')
    .where('deleted_at', '<=', cutoff)
    .whereExists((booked) => booked.select(db.raw('1')).from('bookings').whereRaw('bookings.document_id = documents.id'))
    .count('* as n')
    .first()) as { n: string | number } | undefined
  return Number(row?.n ?? 0)
}

/**
 * Live documents in the document editor, of one company or of the given companies (undefined: all, for
 * internal calls); `waiting` keeps those the editor's accumulator has not finished. Page it with findPage.
 */
export function editorDocumentsQuery(db: Knex, filter: { companyNo?: number; companies?: number[]; hiddenKinds?: readonly string[]; waiting: boolean }): Knex.QueryBuilder {
  const builder = db('documents').where('documents.in_editor', true).whereNull('documents.deleted_at')
  whereKindVisible(builder, filter.hiddenKinds)
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
  /** Stored kinds the caller may not see. */
  hiddenKinds?: readonly string[]
}

/** Ranked full-text search over a company's live documents: the number of matches and one page of hits with headlines. */
export async function searchDocuments(db: Knex, filter: SearchFilter): Promise<{ total: number; rows: SearchRow[] }> {
  const { words, limit, skip } = filter
  const matches = db('documents').where('documents.company_no', filter.companyNo).whereNull('documents.deleted_at')
  whereKindVisible(matches, filter.hiddenKinds)
  whereFullText(matches, words)
  const count = async () => Number((await matches.clone().count({ total: '*' }).first())?.total ?? 0)
  if (limit === 0) return { total: await count(), rows: [] }
  // Rank from the stored vector (fast); headlines only for the page that is returned. The number of matches comes
  // from the same pass (a large client's matches lie on as many table pages as there are matches: read them once).
  const rows: (SearchRow & { total: number | string })[] = await db
    .with('hits', (hits) =>
      hits
        .from(matches.clone().as('m'))
        .select('*', db.raw(`ts_rank(full_text_tsv, ${FULL_TEXT_QUERY}) as rank`, [words, words]), db.raw('count(*) over () as total'))
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
      'total',
      db.raw(`ts_headline('german', coalesce(full_text, ''), ${FULL_TEXT_QUERY}, ?) as headline`, [
        words,
        words,
        `StartSel=${filter.marks.start}, StopSel=${filter.marks.stop}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`,
      ]),
    )
    .orderBy([{ column: 'rank', order: 'desc' }, { column: 'id', order: 'desc' }])
  // A page past the last hit has no row to tell the number: counted apart.
  const total = rows.length > 0 ? Number(rows[0].total) : skip > 0 ? await count() : 0
  return { total, rows: rows.map(({ total: _total, ...row }) => row) }
}
