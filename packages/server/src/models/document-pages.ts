import type { Knex } from 'knex'

/** A page of a document as read: its text and size in PDF points (null for files without pages, e.g. XML). */
export interface PageRow {
  page_no: number
  text: string
  has_text_layer: boolean
  width: number | null
  height: number | null
}

/** Replaces a document's pages with a new run's. */
export async function replacePages(trx: Knex.Transaction, documentId: number, pages: readonly PageRow[]): Promise<void> {
  await trx('document_pages').where({ document_id: documentId }).delete()
  if (pages.length > 0) await trx('document_pages').insert(pages.map((page) => ({ document_id: documentId, ...page })))
}

/** The page sizes of a document, in page order (pages without a size left out). */
export async function pageSizes(db: Knex, documentId: number): Promise<{ page: number; width: number; height: number }[]> {
  const rows: { page_no: number; width: number | null; height: number | null }[] = await db('document_pages')
    .where({ document_id: documentId })
    .orderBy('page_no')
    .select('page_no', 'width', 'height')
  return rows
    .filter((row) => row.width !== null && row.height !== null)
    .map((row) => ({ page: Number(row.page_no), width: Number(row.width), height: Number(row.height) }))
}

/** Each page's text as the pipeline read it (text layer or OCR), in page order. */
export async function pageTexts(db: Knex, documentId: number): Promise<{ page: number; text: string }[]> {
  const rows: { page_no: number; text: string }[] = await db('document_pages').where({ document_id: documentId }).orderBy('page_no').select('page_no', 'text')
  return rows.map((row) => ({ page: Number(row.page_no), text: row.text }))
}
