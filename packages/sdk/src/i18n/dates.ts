import { languageFromLocale } from '../domain/languages'

/**
 * The one way Portal writes a date or time for a reader: the Austrian locale for German (January is "Jänner",
 * "Jän."), British English for English (day before month, as in Austria). Web and CLI format every date here.
 */
export const DATE_LOCALES = { de: 'de-AT', en: 'en-GB' } as const

/** The Intl locale Portal writes dates in for a language (`de`, `de-AT`, `en`…); unknown ones fall back to the default. */
export function dateLocale(language: string): string {
  return DATE_LOCALES[languageFromLocale(language)]
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** A cached formatter for a language and options, for lists that format many dates. */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): Intl.DateTimeFormat {
  const locale = dateLocale(language)
  const key = `${locale} ${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/** A stored calendar day (YYYY-MM-DD): the same day for every reader, whatever their time zone. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * A date or time (a Date, epoch milliseconds or an ISO string) in the reader's language; `''` for no value. A calendar
 * day (`2026-11-05`) is that day in every time zone; text that is no date comes back as it is.
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  if (value === null || value === undefined || value === '') return ''
  const day = typeof value === 'string' && CALENDAR_DAY.test(value)
  const date = typeof value === 'object' ? value : new Date(day ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) return String(value)
  return dateFormat(language, day ? { timeZone: 'UTC', ...options } : options).format(date)
}

/** Date and time with seconds, all in digits (15.1.2026, 09:30:00 / 15/01/2026, 09:30:00): lists of the CLI and the like. */
export const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
}
