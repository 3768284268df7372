import type { TFunction } from 'i18next'
import { LABEL_FIELDS, sourceOrigin, type LabelField } from '@portal/sdk/domain'
import { formatAmount, formatDate, formatNumber } from '@portal/sdk/i18n'

interface TaxLine {
  rate?: string
  basis?: string | null
  tax?: string | null
}

/** A rate as the language writes it (2,5 · 20); text that is no number as it is. */
const rate = (text: string, language: string) => (/^\d+(\.\d+)?$/.test(text) ? formatNumber(Number(text), language) : text)

const kindOf = (field: string) => (Object.hasOwn(LABEL_FIELDS, field) ? LABEL_FIELDS[field as LabelField] : undefined)

/**
 * A stored field value as people of `language` read it: dates and amounts by the locale (05.11.2026, 1.250,00), tax
 * breakdowns (JSON) as one line per rate, yes/no for flags, payment methods by name, rates with their percent sign,
 * an empty value (a person cleared it) as "not on the document"; other text as stored.
 */
export function formatValue(field: string, value: string, t: TFunction<'documents'>, language: string): string {
  if (value.trim() === '') return t('screen.fields.notOnDocument')
  const kind = kindOf(field)
  if (kind === 'date') return formatDate(value, language)
  if (kind === 'amount') return formatAmount(value, language)
  if (field === 'tax_breakdown') {
    try {
      const lines = JSON.parse(value) as TaxLine[]
      if (Array.isArray(lines)) {
        const amount = (text: string | null | undefined) => (text ? formatAmount(text, language) : '–')
        return lines
          .map((line) => t('screen.fields.taxLine', { rate: line.rate ? rate(line.rate, language) : '?', basis: amount(line.basis), tax: amount(line.tax) }))
          .join('; ')
      }
    } catch {
      // Not JSON: show it as stored.
    }
    return value
  }
  if (field === 'small_business' || field === 'reverse_charge') {
    if (value === 'true') return t('screen.fields.yes')
    if (value === 'false') return t('screen.fields.no')
  }
  if (kind === 'percent') return t('screen.fields.percent', { rate: rate(value, language) })
  if (field === 'payment_method') {
    const key = `paymentMethod.${value}`
    return t(key as 'paymentMethod.paid_cash', { defaultValue: value })
  }
  return value
}

/** Where a value came from, in words ("read from the e-invoice", "entered by Anna Huber"), never the internal source name. */
export function formatSource(value: { source: number; by?: string }, t: TFunction<'documents'>): string {
  const origin = sourceOrigin(value.source)
  return t(`screen.fields.from.${origin}` as 'screen.fields.from.page', { name: value.by ?? t('screen.fields.someone') })
}
