import { CutReason } from '@portal/sdk/domain'
import type { PageSignals } from './page-signals'

/** A suggested cut: a new document starts at `page` (1-based), for these reasons. */
export interface SuggestedCut {
  page: number
  reasons: CutReason[]
}

/** The suggestion for a batch: where new documents start, and which pages to set aside (blank pages, separators). */
export interface CutSuggestion {
  cuts: SuggestedCut[]
  setAside: number[]
}

/**
 * Suggests where each invoice of a scan batch begins, without separator sheets when it must: a page starts a new
 * invoice when its page counter restarts ("Seite 1 von N"), when it names an invoice number the current invoice does
 * not have, a supplier (VAT id, IBAN) none of the current invoice's pages named, or another firm's name block
 * (letterhead) at its top than the current invoice's; a blank page or a separator sheet ends the invoice before it and
 * is set aside. A counter past 1 ("Seite 2 von 2") keeps the page with the one before, whatever else it says. Ids and
 * names found on most pages (the buyer's own UID and name) tell nothing and are ignored.
 */
export function suggestCuts(pages: readonly PageSignals[]): CutSuggestion {
  const content = pages.filter((page) => !page.blank && !page.separator)
  const shared = sharedIds(content)
  const cuts: SuggestedCut[] = []
  const setAside: number[] = []
  let numbers = new Set<string>()
  let suppliers = new Set<string>()
  let names = new Set<string>()
  let started = false
  let pending: CutReason[] = []
  for (const page of pages) {
    if (page.separator || page.blank) {
      setAside.push(page.page)
      if (started) pending = [page.separator ? CutReason.separator : CutReason.blankPage]
      continue
    }
    const ids = page.supplierIds.filter((id) => !shared.has(id))
    const name = page.nameBlock !== null && !shared.has(nameKey(page.nameBlock)) ? page.nameBlock : null
    const reasons: CutReason[] = [...pending]
    pending = []
    const continues = page.counter !== null && page.counter.page > 1 && page.counter.page <= page.counter.of
    if (started && !continues) {
      if (page.counter?.page === 1) reasons.push(CutReason.pageCounter)
      if (page.invoiceNumbers.length > 0 && numbers.size > 0 && !page.invoiceNumbers.some((number) => numbers.has(number))) reasons.push(CutReason.invoiceNumber)
      if (ids.length > 0 && suppliers.size > 0 && !ids.some((id) => suppliers.has(id))) reasons.push(CutReason.supplier)
      if (name !== null && names.size > 0 && !names.has(name)) reasons.push(CutReason.nameBlock)
    }
    if (started && reasons.length > 0) {
      cuts.push({ page: page.page, reasons: [...new Set(reasons)] })
      numbers = new Set()
      suppliers = new Set()
      names = new Set()
    }
    started = true
    for (const number of page.invoiceNumbers) numbers.add(number)
    for (const id of ids) suppliers.add(id)
    if (name !== null) names.add(name)
  }
  return { cuts, setAside }
}

/** A name block counted among the ids. */
const nameKey = (name: string): string => `name:${name}`

/** Ids and names on most pages of a batch (at least 60 %, and more than one page): the buyer's, not a supplier's. */
function sharedIds(pages: readonly PageSignals[]): Set<string> {
  const counts = new Map<string, number>()
  for (const page of pages) {
    for (const id of [...page.supplierIds, ...(page.nameBlock === null ? [] : [nameKey(page.nameBlock)])]) counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  return new Set([...counts].filter(([, count]) => count > 1 && count >= 0.6 * pages.length).map(([id]) => id))
}
