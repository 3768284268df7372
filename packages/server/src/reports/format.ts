import { formatCents } from '@portal/sdk/domain'

/** A cent amount as people of the language read it (1.234,56 / 1,234.56), no currency sign. */
export function money(cents: number, locale: 'en' | 'de'): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-AT' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(formatCents(cents)))
}

/** A change in percent with one decimal and its sign, or '–' without a prior figure. */
export function percent(value: number | null, locale: 'en' | 'de'): string {
  if (value === null) return '–'
  const text = new Intl.NumberFormat(locale === 'de' ? 'de-AT' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)
  return value > 0 ? `+${text}` : text
}
