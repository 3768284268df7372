import type { Knex } from 'knex'
import { initialState, type BatchState } from '@portal/sdk/state'
import { readPageCodes } from '../../extraction/split/page-codes'
import { pageSignals } from '../../extraction/split/page-signals'
import { suggestCuts } from '../../extraction/split/suggest-cuts'
import { pageTexts } from '../../models/document-pages'

/** Pages with less text than this are looked at for a separator sheet's QR code. */
const SPARSE_TEXT = 200

/** The part name for a file without its extension, numbered. */
const numberedName = (fileName: string, index: number) => `${fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '')} ${index + 1}`

/**
 * A batch's first state: its pages cut where the pipeline's per-page text (text layer or OCR) suggests a new invoice,
 * separator sheets (PATCH-T or the firm's code, printed or as a QR code) and blank pages set aside, each part named by its invoice number when it has one. Before the
 * pages are read, one part of all pages.
 */
export async function suggestBatchCuts(
  db: Knex,
  document: { id: number; file_name: string; pages: number; mime: string },
  read: boolean,
  separatorText: string,
  file: () => Promise<Uint8Array>,
): Promise<BatchState> {
  const texts = read ? await pageTexts(db, document.id) : []
  // Separator sheets carry little text: only such pages are drawn to look for a QR code.
  const sparse = texts.filter((page) => page.text.replace(/\s+/g, '').length < SPARSE_TEXT).map((page) => page.page)
  const codes = sparse.length > 0 ? await readPageCodes(await file(), document.mime, sparse).catch(() => new Map<number, string[]>()) : new Map<number, string[]>()
  const signals = texts.map((page) => pageSignals({ ...page, codes: codes.get(page.page) }, separatorText))
  const suggestion = signals.length > 0 ? suggestCuts(signals) : { cuts: [], setAside: [] }
  const pages = Math.max(document.pages, texts.length)
  const state = initialState(document.id, pages, suggestion.cuts, new Set(suggestion.setAside), (index, firstPage) => {
    return signals[firstPage - 1]?.invoiceNumbers[0] ?? numberedName(document.file_name, index)
  })
  return { ...state, suggested: read }
}
