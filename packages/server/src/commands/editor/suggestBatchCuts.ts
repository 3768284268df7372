import type { Knex } from 'knex'
import { initialState, type BatchState } from '@portal/sdk/state'
import { pageSignals } from '../../extraction/split/page-signals'
import { suggestCuts } from '../../extraction/split/suggest-cuts'
import { pageTexts } from '../../models/document-pages'

/** The part name for a file without its extension, numbered. */
const numberedName = (fileName: string, index: number) => `${fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '')} ${index + 1}`

/**
 * A batch's first state: its pages cut where the pipeline's per-page text (text layer or OCR) suggests a new invoice,
 * separator sheets and blank pages set aside, each part named by its invoice number when it has one. Before the
 * pages are read, one part of all pages.
 */
export async function suggestBatchCuts(db: Knex, document: { id: number; file_name: string; pages: number }, read: boolean, separatorText: string): Promise<BatchState> {
  const texts = read ? await pageTexts(db, document.id) : []
  const signals = texts.map((page) => pageSignals(page, separatorText))
  const suggestion = signals.length > 0 ? suggestCuts(signals) : { cuts: [], setAside: [] }
  const pages = Math.max(document.pages, texts.length)
  const state = initialState(document.id, pages, suggestion.cuts, new Set(suggestion.setAside), (index, firstPage) => {
    return signals[firstPage - 1]?.invoiceNumbers[0] ?? numberedName(document.file_name, index)
  })
  return { ...state, suggested: read }
}
