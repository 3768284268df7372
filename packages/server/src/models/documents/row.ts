import type { DocumentKind } from '@portal/sdk/domain'

/** A raw `documents` row as knex answers it: the columns the server reads by name, typed; the rest unknown. */
export interface DocumentRow {
  id: number
  company_no: number
  document_type: DocumentKind
  /** Status bit flags (DocumentStatus). */
  status: number
  sha256: string
  file_name: string
  mime: string
  file_kind: string | null
  pages: number
  size: number | string
  processing_state: string
  processing_error: string | null
  job_id: number | null
  deleted_at: Date | string | null
  /** Bumped by every change (optimistic concurrency). */
  version: number
  [column: string]: unknown
}

/** Columns a write may set: any column by name (the model adds `updated_at`). */
export type DocumentChanges = Record<string, unknown>
