import type { DocumentRecord } from '@portal/sdk/services'

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value)

const day = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  if (value instanceof Date) {
    const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000)
    return local.toISOString().slice(0, 10)
  }
  return String(value).slice(0, 10)
}

/** Shapes a raw `documents` row for the wire: exactly the record's fields, nothing internal (sha256, job ids). */
export function toDocumentRecord(row: Record<string, unknown>): DocumentRecord {
  return {
    id: Number(row.id),
    company_no: Number(row.company_no),
    document_type: row.document_type as DocumentRecord['document_type'],
    category: row.category === null || row.category === undefined ? null : Number(row.category),
    status: Number(row.status ?? 0),
    file_name: String(row.file_name),
    mime: String(row.mime),
    pages: Number(row.pages ?? 0),
    size: Number(row.size ?? 0),
    processing_state: String(row.processing_state),
    aggregated: Boolean(row.aggregated),
    invoice_date: day(row.invoice_date),
    invoice_number: (row.invoice_number as string | null) ?? null,
    party_name: (row.party_name as string | null) ?? null,
    total_gross: row.total_gross === null || row.total_gross === undefined ? null : String(row.total_gross),
    currency: String(row.currency ?? 'EUR').trim(),
    created_at: iso(row.created_at) ?? '',
    deleted_at: iso(row.deleted_at),
    version: Number(row.version ?? 1),
    processing_error: (row.processing_error as string | null) ?? null,
    file_kind: (row.file_kind as string | null) ?? null,
    duplicate_of: row.duplicate_of === null || row.duplicate_of === undefined ? null : Number(row.duplicate_of),
    split_suggestion: (row.split_suggestion as DocumentRecord['split_suggestion']) ?? null,
    erp_message: (row.erp_message as string | null | undefined) ?? null,
    client_note: (row.client_note as string | null | undefined) ?? null,
  }
}
