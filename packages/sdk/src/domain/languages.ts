/** Languages the portal speaks (§9). */
export const LANGUAGES = ['en', 'de'] as const

/** One supported language. */
export type Language = (typeof LANGUAGES)[number]

/** Language when nothing else is known. */
export const DEFAULT_LANGUAGE: Language = 'en'

/** Language i18n falls back to for a missing text. */
export const FALLBACK_LANGUAGE: Language = 'en'

/** True when `value` is a supported language. */
export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value)
}

/** Maps a locale such as `de-AT` or `en-US` to a supported language, else the default. */
export function languageFromLocale(locale: string | null | undefined): Language {
  const base = (locale ?? '').toLowerCase().split(/[-_]/)[0] ?? ''
  return isLanguage(base) ? base : DEFAULT_LANGUAGE
}
