import type { Message } from '../i18n/types'
import { invalid } from './result'

/**
 * The years a date the portal takes may fall in. Wide enough for any business date (old invoices, contracts running
 * for decades), narrow enough that a typo (20255), a sentinel (9999-12-31) or a date no database column should hold is
 * refused. One rule for every date field: the schemas' `date` format, labels, forms, payments and file imports.
 */
export const MIN_DATE_YEAR = 1900
export const MAX_DATE_YEAR = 2199

/** The rule's parameters, for the message `validation:date` (it names the years). */
export const DATE_RULE = { minYear: MIN_DATE_YEAR, maxYear: MAX_DATE_YEAR } as const

/** `YYYY-MM-DD` of a real calendar day within the years above, else null (2026-02-30 and 2026-13-01 are no days). */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (![year, month, day].every(Number.isInteger) || year < MIN_DATE_YEAR || year > MAX_DATE_YEAR) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Whether `text` is exactly `YYYY-MM-DD` of a real calendar day within the years above. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  return match !== null && calendarDate(+match[1], +match[2], +match[3]) !== null
}

/** The message of a refused date: `validation:date`, naming the years it may fall in. */
export function invalidDate(): Message {
  return invalid('validation:date', DATE_RULE)
}
