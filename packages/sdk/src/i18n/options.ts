import type { InitOptions } from 'i18next'
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../domain/languages'

/** The i18next settings every instance shares (full catalogues or loaded per language, see lazy.ts). */
export function baseI18nOptions(lng: Language): InitOptions {
  return {
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // de-AT, en-US and the like resolve to de and en.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    fallbackNS: false,
    // React and Ink escape on their own; HTML built by hand (the sign-in page) must escape itself.
    interpolation: { escapeValue: false },
    returnNull: false,
  }
}
