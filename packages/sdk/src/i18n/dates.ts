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

/** A date or time (a Date, epoch milliseconds or an ISO string) in the reader's language; `''` for no value. */
export function formatDate(
  value: Date | string | number | null | undefined,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  if (value === null || value === undefined || value === '') return ''
  return dateFormat(language, options).format(typeof value === 'object' ? value : new Date(value))
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
