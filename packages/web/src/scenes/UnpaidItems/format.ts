import { dateFormat } from '@portal/sdk/i18n'

/** Money as people of the language read it, with the currency. */
export function formatMoney(amount: string, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currency || 'EUR' }).format(Number(amount))
  } catch {
    return `${amount} ${currency}`
  }
}

/** A calendar date (YYYY-MM-DD) in the language's medium style. */
export function formatDate(iso: string | null, language: string): string {
  if (!iso) return '–'
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))
}
