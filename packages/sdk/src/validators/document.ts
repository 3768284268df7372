import { isWarningField, REQUIRED_TO_CONFIRM, SMALL_AMOUNT_GROSS_LIMIT } from '../domain/review'
import { computeTaxCents } from './amounts'
import { iban } from './iban'
import { formatCents, parseCents, parseDecimal } from './money'
import type { ValidationResult } from './result'
import { vatId } from './vatId'

/** One tax line of a document: taxable amount (basis), rate in percent, tax; decimal text, null when unknown. */
export interface TaxLineValue {
  basis: string | null
  rate: string
  tax: string | null
}

/** A rule a document's values break, by field (the shape of the services' FieldIssue). */
export interface DocumentIssue {
  field: string
  key: string
  params: Record<string, string | number | boolean>
}

/** A document's current values by field name, as text (tax_breakdown as JSON text of its lines). */
export type DocumentValues = Readonly<Partial<Record<string, string | null>>>

/**
 * Reads tax lines from their JSON text (`[{"basis":"100.00","rate":"20","tax":"20.00"}]`, as the extraction stores
 * them and the labels service takes them); null when it is not such a list.
 */
export function parseTaxLines(text: string): TaxLineValue[] | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 20) return null
  const lines: TaxLineValue[] = []
  for (const item of parsed) {
    if (typeof item !== 'object' || item === null) return null
    const { basis, rate, tax } = item as Record<string, unknown>
    const text = (value: unknown): string | null | undefined =>
      value === null || value === undefined ? null : typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
    const [b, r, t] = [text(basis), text(rate), text(tax)]
    if (b === undefined || t === undefined || typeof r !== 'string' || !parseDecimal(r)) return null
    if ((b !== null && parseCents(b) === null) || (t !== null && parseCents(t) === null)) return null
    lines.push({ basis: b, rate: r, tax: t })
  }
  return lines
}

/** The first tax line (1-based) whose tax is not its basis × rate to the cent ('Calculation failed'), or null. */
export function taxLineMismatch(lines: readonly TaxLineValue[]): { line: number; result: ValidationResult } | null {
  for (const [index, line] of lines.entries()) {
    if (line.basis === null || line.tax === null) continue
    const expected = computeTaxCents({ amount: line.basis, rate: line.rate })
    const actual = parseCents(line.tax)
    if (expected === null || actual === null || expected === actual) continue
    return {
      line: index + 1,
      result: { key: 'errors:document.calculationFailed', params: { expected: formatCents(expected), actual: formatCents(actual) } },
    }
  }
  return null
}

const sumOf = (amounts: readonly (string | null)[]): bigint | null => {
  let sum = 0n
  for (const amount of amounts) {
    const cents = parseCents(amount)
    if (cents === null) return null
    sum += cents
  }
  return sum
}

/** The fields a confirmation needs: a small-amount invoice (gross up to € 400, § 11 Abs. 6 UStG) needs no number. */
export function requiredFields(values: DocumentValues): readonly string[] {
  const gross = parseCents(values.total_gross?.trim() || null)
  const small = gross !== null && gross >= 0n && gross <= parseCents(SMALL_AMOUNT_GROSS_LIMIT)!
  return small ? REQUIRED_TO_CONFIRM.filter((field) => field !== 'invoice_number') : REQUIRED_TO_CONFIRM
}

/** True when an issue only warns (a rule an optional field breaks, `params.warning`): it does not refuse a confirmation. */
export function isWarning(issue: { params: Readonly<Record<string, unknown>> }): boolean {
  return issue.params.warning === true
}

/**
 * The rules of SPEC §5 a document's values break, for the review and before a confirmation: the fields a
 * confirmation needs (requiredFields), each tax line's tax equal to its computed amount ('Calculation failed'), the lines adding up to
 * the net and tax totals and net + tax to the gross, a valid IBAN and valid VAT ids. (Whether an account exists is the
 * server's to check, against the company's accounts.) Issues of optional fields (IBAN, VAT ids) carry
 * `params.warning: true`: they are shown, but a confirmation goes through.
 */
export function documentIssues(values: DocumentValues): DocumentIssue[] {
  const issues: DocumentIssue[] = []
  const value = (field: string) => {
    const text = values[field]
    return typeof text === 'string' && text.trim() !== '' ? text.trim() : null
  }
  const add = (field: string, result: ValidationResult, extra: Record<string, string | number> = {}) => {
    if (!result) return
    // An optional field's broken rule warns (params.warning): it does not refuse a confirmation.
    issues.push({ field, key: result.key, params: { field, ...(result.params ?? {}), ...extra, ...(isWarningField(field) ? { warning: true } : {}) } })
  }
  for (const field of requiredFields(values)) if (value(field) === null) add(field, { key: 'validation:required' })
  const linesText = value('tax_breakdown')
  const lines = linesText === null ? null : parseTaxLines(linesText)
  if (linesText !== null && lines === null) add('tax_breakdown', { key: 'validation:taxLines' })
  if (lines) {
    const mismatch = taxLineMismatch(lines)
    if (mismatch) add('tax_breakdown', mismatch.result, { rule: 'taxAmount', line: mismatch.line })
    const totals: [string, (line: TaxLineValue) => string | null][] = [
      ['total_net', (line) => line.basis],
      ['total_tax', (line) => line.tax],
    ]
    for (const [field, part] of totals) {
      const total = parseCents(value(field))
      const sum = sumOf(lines.map(part))
      if (total !== null && sum !== null && total !== sum) {
        add(field, { key: 'validation:totalsMismatch', params: { sum: formatCents(sum), total: formatCents(total) } }, { rule: 'linesSum' })
      }
    }
  }
  const [net, tax, gross] = [parseCents(value('total_net')), parseCents(value('total_tax')), parseCents(value('total_gross'))]
  if (net !== null && tax !== null && gross !== null && net + tax !== gross) {
    add('total_gross', { key: 'validation:totalsMismatch', params: { sum: formatCents(net + tax), total: formatCents(gross) } }, { rule: 'netPlusTax' })
  }
  const ibanText = value('iban')
  if (ibanText !== null) add('iban', iban(ibanText), { rule: 'iban' })
  for (const field of ['seller_vat_id', 'buyer_vat_id']) {
    const text = value(field)
    if (text !== null) add(field, vatId(text), { rule: 'vatId' })
  }
  return issues
}
