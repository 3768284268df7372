import { formatDate } from '@portal/sdk/i18n'

/** The locale a portal language writes numbers in: as every other screen (1.379,01 · 1,379.01); dates go through the SDK. */
function localeOf(language: string): string {
  return language.startsWith('de') ? 'de' : 'en'
}

/** An exact decimal amount ("1379.01") in the invoice's currency as the language writes it; '' when absent. */
export function formatMoney(amount: string | null, currency: string | null, language: string): string {
  if (amount === null) return ''
  const options: Intl.NumberFormatOptions = currency && /^[A-Z]{3}$/.test(currency) ? { style: 'currency', currency } : { minimumFractionDigits: 2 }
  return new Intl.NumberFormat(localeOf(language), { ...options, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(Number(amount))
}

/** A quantity or rate as the language writes numbers. */
export function formatNumber(value: string | null, language: string): string {
  if (value === null) return ''
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 6 }).format(Number(value))
}

/** An ISO date (YYYY-MM-DD) written out with the month's name; the text as given when it is no such date. */
export function formatLongDate(date: string | null, language: string): string {
  if (!date) return ''
  return formatDate(date, language, { dateStyle: 'long' })
}
