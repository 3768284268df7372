import { DataSource, isIncomingKind, type DocumentKind } from '@portal/sdk/domain'
import { findAmounts } from '../rules/amounts'
import { findDates } from '../rules/dates'
import { boxOfRange, type PageText, type TextLine } from '../text/layout'
import { sameDecimal } from '../money'
import type { Box, Candidate, FieldName } from '../types'

/**
 * What people taught about one field of one supplier's documents: where on the page it stands (relative to
 * the page size, so other page formats still match) and the label printed before it.
 */
export interface FieldMemory {
  field: FieldName
  page: number
  /** Box as fractions of the page's width and height. */
  box: Box
  /** Text standing left of the value on its line (or on the line above), lower-cased; '' when none. */
  label: string
}

type Kind = 'amount' | 'date' | 'token'

const KINDS: Partial<Record<FieldName, Kind>> = {
  total_gross: 'amount',
  total_net: 'amount',
  total_tax: 'amount',
  amount_due: 'amount',
  issue_date: 'date',
  due_date: 'date',
  skonto_due_date: 'date',
  delivery_date: 'date',
  invoice_number: 'token',
}

/** Fields the memory can learn (single values printed on the page). */
export const LEARNABLE_FIELDS = Object.keys(KINDS) as FieldName[]

interface Hit {
  value: string
  start: number
  end: number
}

/** Values of the field's kind in a line of text, with their character range. */
function valuesIn(kind: Kind, text: string): Hit[] {
  if (kind === 'amount') {
    return findAmounts(text).map((a) => ({ value: a.value, start: a.index, end: a.index + a.length }))
  }
  if (kind === 'date') return findDates(text).map((d) => ({ value: d.iso, start: d.index, end: d.index + d.length }))
  return [...text.matchAll(/[A-Za-z0-9][A-Za-z0-9/_.-]*[A-Za-z0-9]|\d/g)].map((m) => ({
    value: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }))
}

function sameValue(kind: Kind, a: string, b: string): boolean {
  if (kind === 'amount') return sameDecimal(a, b)
  if (kind === 'token') return a.replace(/\s/g, '').toLowerCase() === b.replace(/\s/g, '').toLowerCase()
  return a === b
}

const relative = (box: Box, page: PageText): Box => ({
  x: box.x / page.width,
  y: box.y / page.height,
  width: box.width / page.width,
  height: box.height / page.height,
})

const normalizeLabel = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .slice(-3)
    .join(' ')

/** The label of a value: text left of it on its line, else the segment of the line above that stands over it. */
function labelBefore(lines: TextLine[], lineIndex: number, start: number, end: number): string {
  const line = lines[lineIndex]
  const left = normalizeLabel(line.text.slice(0, start))
  if (left) return left
  if (lineIndex === 0) return ''
  const box = boxOfRange(line, start, end)
  const above = lines[lineIndex - 1].segments.find(
    (segment) => segment.box.x < box.x + box.width && segment.box.x + segment.box.width > box.x,
  )
  return above ? normalizeLabel(above.text) : ''
}

/** Finds where a confirmed value stands on the pages and remembers it; null when it is not printed. */
export function learnField(pages: PageText[], field: FieldName, value: string): FieldMemory | null {
  const kind = KINDS[field]
  if (!kind) return null
  for (const page of pages) {
    for (let i = 0; i < page.lines.length; i++) {
      const line = page.lines[i]
      // The rightmost match: totals stand right of their label.
      const hit = valuesIn(kind, line.text)
        .filter((h) => sameValue(kind, h.value, value))
        .at(-1)
      if (!hit) continue
      return {
        field,
        page: page.page,
        box: relative(boxOfRange(line, hit.start, hit.end), page),
        label: labelBefore(page.lines, i, hit.start, hit.end),
      }
    }
  }
  return null
}

const centre = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 })

/**
 * Reads remembered fields from a new document of the same supplier: a value of the right kind behind the
 * remembered label, else the one nearest the remembered position. Candidates carry Machine_Learning (10).
 */
export function applyMemory(pages: PageText[], memories: FieldMemory[]): Candidate[] {
  const candidates: Candidate[] = []
  for (const memory of memories) {
    const kind = KINDS[memory.field]
    const page = pages.find((p) => p.page === memory.page)
    if (!kind || !page) continue
    const target = centre(memory.box)
    let best: { value: string; box: Box; score: number; byLabel: boolean } | null = null
    page.lines.forEach((line, i) => {
      for (const hit of valuesIn(kind, line.text)) {
        const box = boxOfRange(line, hit.start, hit.end)
        const at = centre(relative(box, page))
        const distance = Math.hypot(at.x - target.x, at.y - target.y)
        const byLabel = memory.label !== '' && labelBefore(page.lines, i, hit.start, hit.end) === memory.label
        // A matching label counts more than position; far-away values without the label are ignored.
        const score = (byLabel ? 0 : 1) + distance
        if (!byLabel && distance > 0.08) continue
        if (!best || score < best.score) best = { value: hit.value, box, score, byLabel }
      }
    })
    if (best) {
      const found = best as { value: string; box: Box; byLabel: boolean }
      candidates.push({
        field: memory.field,
        value: found.value,
        source: DataSource.Machine_Learning,
        confidence: found.byLabel ? 0.97 : 0.9,
        page: page.page,
        box: found.box,
        label: memory.label,
      })
    }
  }
  return candidates
}

/** Keys a supplier is recognised by, strongest first: VAT id, IBAN, name. */
export function supplierKeys(values: { vatId?: string | null; iban?: string | null; name?: string | null }): string[] {
  const keys: string[] = []
  if (values.vatId) keys.push(`vat:${values.vatId.replace(/[\s.-]/g, '').toUpperCase()}`)
  if (values.iban) keys.push(`iban:${values.iban.replace(/\s/g, '').toUpperCase()}`)
  if (values.name && values.name.trim().length >= 3) keys.push(`name:${values.name.trim().toLowerCase()}`)
  return keys
}

/**
 * Keys of the other party of a document from its current field values: the seller of an incoming document,
 * the buyer of an outgoing one (an IBAN only counts for incoming ones: on outgoing invoices it is our own).
 */
export function supplierKeysOf(values: Partial<Record<string, string>>, kind: DocumentKind): string[] {
  const incoming = isIncomingKind(kind)
  return supplierKeys({
    vatId: values[incoming ? 'seller_vat_id' : 'buyer_vat_id'],
    iban: incoming ? values.iban : null,
    name: values[incoming ? 'seller_name' : 'buyer_name'],
  })
}
