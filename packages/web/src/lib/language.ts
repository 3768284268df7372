import { isLanguage, languageFromLocale, type Language } from '@portal/sdk/domain'
import { readLocal, writeLocal } from './browserStorage'
import { manifestPath } from '../pwa/manifest'

/** Cookie (and storage key) the identity provider's sign-in page reads to pick its language. */
export const LANGUAGE_COOKIE = 'portal-lang'

/** The language to start in before the user is known: stored choice, then the browser's. */
export function initialLanguage(): Language {
  const stored = readLocal(LANGUAGE_COOKIE)
  if (stored && isLanguage(stored)) return stored
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
  const fromCookie = cookie?.slice(LANGUAGE_COOKIE.length + 1)
  if (fromCookie && isLanguage(fromCookie)) return fromCookie
  return languageFromLocale(navigator.language)
}

/** Remembers the language locally and in a cookie for the sign-in page (a year, whole site). */
export function rememberLanguage(language: Language): void {
  writeLocal(LANGUAGE_COOKIE, language)
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`
  document.documentElement.lang = language
  // An app installed from now on takes its name in this language.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(language))
}
