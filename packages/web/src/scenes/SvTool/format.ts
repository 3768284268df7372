import { dateFormat } from '@portal/sdk/i18n'

/** An amount such as '1250.40' as the language writes euros (1.250,40 in German). */
export function formatEuro(amount: string | null, language: string): string {
  if (amount === null) return ''
  return new Intl.NumberFormat(language === 'de' ? 'de-AT' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount))
}

/** An ISO date as the language writes it. */
export function formatDate(date: string | null, language: string): string {
  if (!date) return ''
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}
