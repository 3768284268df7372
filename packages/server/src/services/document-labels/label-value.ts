import { BadRequest } from '@feathersjs/errors'
import { DOCUMENT_KINDS, DocumentCategory, PAYMENT_METHODS, SETTLEMENT_KINDS } from '@portal/sdk/domain'
import { LABEL_FIELDS, type LabelField } from '@portal/sdk/services'
import {
  DATE_RULE,
  iban as ibanRule,
  isCalendarDate,
  normalizeIban,
  normalizeVatId,
  parsePercentText,
  parseTaxLines,
  sixDigits,
  taxLineMismatch,
  vatId as vatIdRule,
} from '@portal/sdk/validators'
import { canonicalDecimal } from '../../extraction/money'

/** Longest value of any field but tax lines (their JSON may run longer). */
const MAX_VALUE_LENGTH = 200

function refuse(field: string, key: string, rule: string, params: Record<string, unknown> = {}): BadRequest {
  return new BadRequest(`Field "value" for ${field} must be ${rule}`, { key, params: { field, rule, ...params } })
}

const oneOf = (field: string, value: string, options: readonly string[]): string => {
  if (!options.includes(value)) throw refuse(field, 'validation:choice', `one of ${options.join(', ')}`, { options: options.join(', ') })
  return value
}

/** Tax lines: a list of {basis, rate, tax} whose taxes equal basis × rate; normalised to the extraction's JSON shape. */
function normalizeTaxLines(field: string, value: string): string {
  const lines = parseTaxLines(value)
  if (!lines) throw refuse(field, 'validation:taxLines', 'a list of tax lines {basis, rate, tax}')
  const mismatch = taxLineMismatch(lines)
  if (mismatch) throw refuse(field, mismatch.result!.key, 'tax lines whose tax is basis × rate', { line: mismatch.line, ...mismatch.result!.params })
  const amount = (text: string | null) => (text === null ? null : canonicalDecimal(text.replace(',', '.')))
  return JSON.stringify(lines.map((line) => ({ rate: line.rate.replace(',', '.'), basis: amount(line.basis), tax: amount(line.tax) })))
}

/**
 * Checks and normalises a labelled value by the field's kind; BadRequest names the field and the rule. An empty value
 * is a person's "not on the document": it clears the field (kept as their empty value, which outranks the machines').
 */
export function normalizeLabelValue(field: LabelField, raw: string): string {
  const value = raw.trim()
  const kind = LABEL_FIELDS[field]
  if (kind !== 'taxLines' && value.length > MAX_VALUE_LENGTH) {
    throw refuse(field, 'validation:maxLength', `at most ${MAX_VALUE_LENGTH} characters`, { max: MAX_VALUE_LENGTH })
  }
  if (value === '') return ''
  switch (kind) {
    case 'date': {
      if (!isCalendarDate(value)) throw refuse(field, 'validation:date', `a real date as YYYY-MM-DD from ${DATE_RULE.minYear} to ${DATE_RULE.maxYear}`, DATE_RULE)
      return value
    }
    case 'amount': {
      const decimal = /^-?\d{1,13}(\.\d{1,2})?$/.test(value) ? canonicalDecimal(value) : null
      if (!decimal) throw refuse(field, 'validation:amount', 'an amount like 1234.56')
      return decimal
    }
    case 'percent': {
      const percent = parsePercentText(value)
      if (!percent) throw refuse(field, 'validation:percent', 'a percentage above 0 and below 100 with at most two decimals')
      return percent
    }
    case 'currency':
      if (!/^[A-Z]{3}$/.test(value)) throw refuse(field, 'validation:currency', 'a three-letter currency code')
      return value
    case 'vatId': {
      const failure = vatIdRule(value)
      if (failure) throw refuse(field, failure.key, 'a valid VAT id', failure.params)
      return normalizeVatId(value)
    }
    case 'iban': {
      const failure = ibanRule(value)
      if (failure) throw refuse(field, failure.key, 'a valid IBAN')
      return normalizeIban(value)
    }
    case 'account': {
      const failure = sixDigits(value)
      if (failure) throw refuse(field, failure.key, 'six digits')
      return value
    }
    case 'counterAccount':
      if (!/^\d{1,9}$/.test(value)) throw refuse(field, 'validation:accountNumber', 'an account number')
      return String(Number(value))
    case 'boolean':
      return oneOf(field, value, ['true', 'false'])
    case 'period':
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw refuse(field, 'validation:period', 'a period as YYYY-MM')
      return value
    case 'documentKind':
      return oneOf(field, value, DOCUMENT_KINDS)
    case 'category':
      return oneOf(field, value, Object.values(DocumentCategory).map(String))
    case 'paymentMethod':
      return oneOf(field, value, PAYMENT_METHODS)
    case 'settlementKind':
      return oneOf(field, value, SETTLEMENT_KINDS)
    case 'taxLines':
      return normalizeTaxLines(field, value)
    default:
      return value
  }
}
