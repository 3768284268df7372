import { LABEL_FIELDS, type LabelField } from '@portal/sdk/domain'
import type { TFunction } from 'i18next'

interface TaxLine {
  rate?: string
  basis?: string | null
  tax?: string | null
}

/**
 * A stored field value as people read it: tax breakdowns (JSON) as one line per rate, yes/no for flags,
 * payment methods by name, rates with their percent sign; everything else as stored (dates ISO, money as exact decimals).
 */
export function formatValue(field: string, value: string, t: TFunction<'documents'>): string {
  if (field === 'tax_breakdown') {
    try {
      const lines = JSON.parse(value) as TaxLine[]
      if (Array.isArray(lines)) {
        return lines
          .map((line) => t('screen.fields.taxLine', { rate: line.rate ?? '?', basis: line.basis ?? '–', tax: line.tax ?? '–' }))
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
  if (Object.hasOwn(LABEL_FIELDS, field) && LABEL_FIELDS[field as LabelField] === 'percent') return t('screen.fields.percent', { rate: value })
  if (field === 'payment_method') {
    const key = `paymentMethod.${value}`
    return t(key as 'paymentMethod.paid_cash', { defaultValue: value })
  }
  return value
}
