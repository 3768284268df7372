import type { Knex } from 'knex'
import type { EInvoiceValidation, EInvoiceView } from '@portal/sdk/domain'
import {
  DOCUMENT_FIELD_ORDER,
  type DocumentEInvoice,
  type DocumentField,
  type DocumentFields,
  type FieldBox,
  type FieldCandidate,
  type FieldValue,
} from '@portal/sdk/services'
import { checkDocument } from '../../commands/checkDocument'
import { integerId } from '../../hooks/guard'
import { listCandidates, type CandidateRow as StoredCandidate } from '../../models/document-candidates'
import { pageSizes } from '../../models/document-pages'
import { userNamesOf } from '../../models/users'
import { documentNoAccess, loadDocument, toDocumentRecord } from '../../models/documents/index'

/** What the fields view reads of a stored candidate (groupFields is also given rows without ids). */
type CandidateRow = Omit<StoredCandidate, 'id' | 'document_id'>

// jsonb arrives parsed from pg and as text from some drivers; both end up as a box or null.
const boxOf = (box: CandidateRow['box']): FieldBox | null => {
  const parsed: unknown = typeof box === 'string' ? JSON.parse(box) : box
  if (!parsed || typeof parsed !== 'object') return null
  const { x, y, width, height } = parsed as Record<string, unknown>
  return [x, y, width, height].every((n) => typeof n === 'number') ? ({ x, y, width, height } as FieldBox) : null
}

const toCandidate = (row: CandidateRow, names: ReadonlyMap<string, string>): FieldCandidate => ({
  value: row.value,
  source: Number(row.source),
  confidence: Number(row.confidence),
  page: row.page === null ? null : Number(row.page),
  box: boxOf(row.box),
  label: row.label ?? null,
  chosen: Boolean(row.chosen),
  ...(row.created_by && names.has(String(row.created_by)) ? { by: names.get(String(row.created_by)) } : {}),
})

// jsonb arrives parsed from pg and as text from some drivers.
const jsonOf = <T>(value: unknown): T | null => (value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T))

/** The e-invoice part of the answer: the rule check and the readable page the extraction stored; null for neither. */
function einvoiceOf(row: Record<string, unknown>): DocumentEInvoice | null {
  const validation = jsonOf<EInvoiceValidation>(row.einvoice_validation)
  const view = jsonOf<EInvoiceView>(row.einvoice_view)
  return validation || view ? { validation, view } : null
}

const toValue = ({ value, source, confidence, page, box, by }: FieldCandidate): FieldValue => ({ value, source, confidence, page, box, ...(by ? { by } : {}) })

const rank = (field: string): number => {
  const index = (DOCUMENT_FIELD_ORDER as readonly string[]).indexOf(field)
  return index === -1 ? DOCUMENT_FIELD_ORDER.length : index
}

/**
 * Groups candidates by field in DOCUMENT_FIELD_ORDER (every known field, found or not), best candidate first; `names`
 * gives the people's names by user id, so a value says who entered it.
 */
export function groupFields(rows: CandidateRow[], names: ReadonlyMap<string, string> = new Map()): DocumentField[] {
  const byField = new Map<string, FieldCandidate[]>(DOCUMENT_FIELD_ORDER.map((field) => [field, []]))
  for (const row of rows) {
    const list = byField.get(row.field) ?? []
    list.push(toCandidate(row, names))
    byField.set(row.field, list)
  }
  return [...byField.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([field, candidates]) => {
      candidates.sort((a, b) => Number(b.chosen) - Number(a.chosen) || b.confidence - a.confidence)
      const chosen = candidates.find((c) => c.chosen)
      return { field, current: chosen ? toValue(chosen) : null, candidates }
    })
}

/** One document's page sizes and extracted fields with every candidate, for the single-document view. */
export class DocumentFieldsService {
  constructor(private readonly knex: Knex) {}

  async get(id: unknown): Promise<DocumentFields> {
    const documentId = integerId(id)
    const row = await loadDocument(this.knex, documentId, { trashed: false })
    if (!row) throw documentNoAccess()
    const [pages, candidates] = await Promise.all([pageSizes(this.knex, documentId), listCandidates(this.knex, documentId)])
    const values = Object.fromEntries(candidates.filter((candidate) => candidate.chosen).map((candidate) => [candidate.field, candidate.value]))
    return {
      document: toDocumentRecord(row),
      pages,
      fields: groupFields(candidates, await userNamesOf(this.knex, candidates.flatMap((candidate) => (candidate.created_by ? [String(candidate.created_by)] : [])))),
      issues: await checkDocument({ db: this.knex, companyNo: Number(row.company_no), values }),
      einvoice: einvoiceOf(row),
    }
  }
}
