/** API field -> SQL expression of a document summary; dates as ISO text, money as exact decimal text. */
export const DOCUMENT_SUMMARY_COLUMNS: Record<string, string> = {
  id: 'documents.id',
  company_no: 'documents.company_no',
  document_type: 'documents.document_type',
  category: 'documents.category',
  status: 'documents.status',
  file_name: 'documents.file_name',
  mime: 'documents.mime',
  pages: 'documents.pages',
  // bigint would arrive as a string; sizes stay far below 2^53.
  size: 'documents.size::float8',
  processing_state: 'documents.processing_state',
  aggregated: 'documents.aggregated',
  invoice_date: "to_char(documents.invoice_date, 'YYYY-MM-DD')",
  invoice_number: 'documents.invoice_number',
  total_gross: 'documents.total_gross::text',
  currency: 'documents.currency',
  created_at: 'documents.created_at',
  deleted_at: 'documents.deleted_at',
}
