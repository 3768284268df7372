import { findAmounts } from '../rules/amounts'
import { findDates } from '../rules/dates'
import { makeDoc, rangeBox, type Doc, type DocLine } from '../rules/document'
import { tokenAt } from '../rules/header-fields'
import { SOURCE_MACHINE_LEARNING } from '../sources'
import type { PageText } from '../text/layout'
import type { Box, Candidate, FieldName } from '../types'
import type { LearnedField, SupplierMemory } from './types'

const MONEY: FieldName[] = ['total_gross', 'total_net', 'total_tax', 'amount_due']
const DATES: FieldName[] = ['issue_date', 'due_date', 'delivery_date', 'skonto_due_date', 'service_period_start', 'service_period_end']

function compact(value: unknown): string | null {
  return typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : null
}

/** The memory that belongs to a document's supplier: same VAT id, else same IBAN, else same name. */
export function findSupplierMemory(memories: SupplierMemory[], candidates: Candidate[]): SupplierMemory | null {
  const values = (field: FieldName) => candidates.filter((c) => c.field === field).map((c) => compact(c.value))
  const vatIds = values('seller_vat_id')
  const ibans = values('iban')
  const names = candidates.filter((c) => c.field === 'seller_name').map((c) => String(c.value).trim().toLowerCase())
  return (
    memories.find((m) => m.vatId && vatIds.includes(m.vatId)) ??
    memories.find((m) => m.iban && ibans.includes(m.iban)) ??
    memories.find((m) => m.name && names.includes(m.name.trim().toLowerCase())) ??
    null
  )
}

/** Reads a field's value at the start of a text, by the field's kind. */
function valueAt(field: FieldName, text: string, doc: Doc): { value: string; index: number; length: number } | null {
  if (MONEY.includes(field)) {
    const amount = findAmounts(text).find((a) => a.decimals)
    return amount ? { value: amount.value, index: amount.index, length: amount.length } : null
  }
  if (DATES.includes(field)) {
    const date = findDates(text, doc.order)[0]
    return date ? { value: date.iso, index: date.index, length: date.length } : null
  }
  const token = tokenAt(text)
  return token ? { value: token.value, index: token.offset, length: token.length } : null
}

function byLabel(doc: Doc, learned: LearnedField): { line: DocLine; value: string; index: number; length: number } | null {
  if (!learned.label) return null
  const needle = learned.label.toLowerCase()
  for (const line of doc.lines) {
    const at = line.text.toLowerCase().indexOf(needle)
    if (at < 0) continue
    const restIndex = at + needle.length
    const found = valueAt(learned.field, line.text.slice(restIndex), doc)
    if (found) return { line, value: found.value, index: restIndex + found.index, length: found.length }
  }
  return null
}

function byPlace(doc: Doc, pages: PageText[], learned: LearnedField): { line: DocLine; value: string; index: number; length: number } | null {
  const page = pages.find((p) => p.page === learned.page)
  if (!page || !learned.box) return null
  const box: Box = {
    x: learned.box.x * page.width,
    y: learned.box.y * page.height,
    width: learned.box.width * page.width,
    height: learned.box.height * page.height,
  }
  const middle = box.y + box.height / 2
  for (const line of doc.lines) {
    if (line.page !== learned.page || Math.abs(line.line.box.y + line.line.box.height / 2 - middle) > box.height) continue
    // The value starts where the learned one started; it may be longer or shorter this time.
    const span = line.line.spans.find((s) => Math.abs(s.word.box.x - box.x) <= Math.max(4, box.height))
    if (!span) continue
    const found = valueAt(learned.field, line.text.slice(span.start), doc)
    if (found) return { line, value: found.value, index: span.start + found.index, length: found.length }
  }
  return null
}

/**
 * Candidates from a supplier's memory: each learned field is read again next to its label and at its
 * place on the page. Agreement of both makes the candidate stronger than the generic rules.
 */
export function applySupplierMemory(memory: SupplierMemory, pages: PageText[]): Candidate[] {
  const doc = makeDoc(pages)
  const candidates: Candidate[] = []
  for (const learned of memory.fields) {
    const label = byLabel(doc, learned)
    const place = byPlace(doc, pages, learned)
    const chosen = label ?? place
    if (!chosen) continue
    const agree = label && place && label.value === place.value
    const confidence = Math.min(0.97, (agree ? 0.9 : 0.8) + 0.02 * (learned.seen - 1))
    candidates.push({
      field: learned.field,
      value: chosen.value,
      source: SOURCE_MACHINE_LEARNING,
      confidence,
      page: chosen.line.page,
      box: rangeBox(chosen.line, chosen.index, chosen.length),
      ...(learned.label ? { label: learned.label } : {}),
    })
  }
  return candidates
}
