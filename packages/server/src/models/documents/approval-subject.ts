import type { Knex } from 'knex'

/** What approving an invoice needs of its document: company, kind, status, gross and number; undefined when missing. */
export interface ApprovalSubject {
  company_no: number
  document_type: string
  status: number
  gross: string
  invoice_number: string | null
}

/** The approval subject of one document (trashed ones are not approved: undefined). */
export async function approvalSubjectOf(db: Knex | Knex.Transaction, id: number): Promise<ApprovalSubject | undefined> {
  const row = (await db('documents').where({ id }).whereNull('deleted_at').first('company_no', 'document_type', 'status', 'total_gross', 'invoice_number')) as
    | Record<string, unknown>
    | undefined
  if (!row) return undefined
  return {
    company_no: Number(row.company_no),
    document_type: String(row.document_type),
    status: Number(row.status),
    gross: Number(row.total_gross ?? 0).toFixed(2),
    invoice_number: (row.invoice_number as string | null) ?? null,
  }
}

/** The gross of several documents ('0.00' when none is stated), for deriving their approval states. */
export async function grossOfDocuments(db: Knex | Knex.Transaction, ids: readonly number[]): Promise<{ document_id: number; gross: string }[]> {
  const rows: { document_id: number; gross: string }[] = []
  for (let i = 0; i < ids.length; i += 1000) {
    const slice = (await db('documents').whereIn('id', ids.slice(i, i + 1000)).select('id', 'total_gross')) as { id: number; total_gross: unknown }[]
    rows.push(...slice.map((row) => ({ document_id: Number(row.id), gross: Number(row.total_gross ?? 0).toFixed(2) })))
  }
  return rows
}
