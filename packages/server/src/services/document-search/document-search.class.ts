import type { Knex } from 'knex'
import type { DocumentSearchHit, DocumentSearchQuery, Page, SnippetPart } from '@portal/sdk/services'
import type { PortalParams } from '../../hooks/guard'
import { FULL_TEXT_QUERY } from '../shared/full-text'

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
    const matches = this.knex('documents')
      .where('company_no', query.client_no)
      .whereNull('deleted_at')
      .whereRaw(`full_text_tsv @@ (${FULL_TEXT_QUERY})`, [query.q, query.q])
    const counted = await matches.clone().count({ total: '*' }).first()
    const total = Number(counted?.total ?? 0)
    if (limit === 0 || total === 0) return { total, limit, skip, data: [] }
    // Rank from the stored vector (fast); headlines only for the page that is returned.
    const rows = await this.knex
      .with('hits', (hits) =>
        hits
          .from(matches.clone().as('m'))
          .select('*', this.knex.raw(`ts_rank(full_text_tsv, ${FULL_TEXT_QUERY}) as rank`, [query.q, query.q]))
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
        this.knex.raw(`to_char(invoice_date, 'YYYY-MM-DD') as invoice_date`),
        this.knex.raw('total_gross::text as total_gross'),
        'rank',
        this.knex.raw(
          `ts_headline('german', coalesce(full_text, ''), ${FULL_TEXT_QUERY}, ?) as headline`,
          [query.q, query.q, `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`],
        ),
      )
      .orderBy([{ column: 'rank', order: 'desc' }, { column: 'id', order: 'desc' }])
    return {
      total,
      limit,
      skip,
      data: rows.map((row: Record<string, unknown>) => ({
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
