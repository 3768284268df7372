import type { Knex } from 'knex'
import type { DocumentSearchHit, DocumentSearchQuery, Page, SnippetPart } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { searchDocuments } from '../../models/documents/index'
import { hiddenDocumentKinds } from '../../policies/index'

// Control characters cannot occur in page text, so they delimit hits safely (no HTML ever crosses the wire).
const START = '\u0002'
const STOP = '\u0003'

/** Splits ts_headline output into plain-text parts with the matched words marked. */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  for (const piece of headline.split(START)) {
    const stop = piece.indexOf(STOP)
    if (stop === -1) {
      if (piece) parts.push({ text: piece, hit: false })
      continue
    }
    parts.push({ text: piece.slice(0, stop), hit: true })
    if (stop + 1 < piece.length) parts.push({ text: piece.slice(stop + 1), hit: false })
  }
  return parts
}

/** Ranked full-text search over a company's documents with highlighted snippets. */
export class DocumentSearchService {
  constructor(private readonly knex: Knex) {}

  async find(params: PortalParams = {}): Promise<Page<DocumentSearchHit>> {
    const query = params.query as DocumentSearchQuery
    const limit = query.$limit ?? 20
    const skip = query.$skip ?? 0
    const { total, rows } = await searchDocuments(this.knex, { companyNo: query.client_no, words: query.q, limit, skip, marks: { start: START, stop: STOP }, hiddenKinds: hiddenDocumentKinds(params.user) })
    return {
      total,
      limit,
      skip,
      data: rows.map((row) => ({
        id: Number(row.id),
        file_name: String(row.file_name),
        document_type: row.document_type as DocumentSearchHit['document_type'],
        invoice_number: (row.invoice_number as string | null) ?? null,
        invoice_date: (row.invoice_date as string | null) ?? null,
        total_gross: (row.total_gross as string | null) ?? null,
        rank: Number(row.rank),
        snippet: snippetParts(String(row.headline ?? '')),
      })),
    }
  }
}
