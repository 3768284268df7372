import i18next, { type i18n } from 'i18next'
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../domain/languages'
import { NAMESPACE_NAMES, resources } from './resources'

/** Options of createI18n. */
export interface CreateI18nOptions {
  /** Language to start in; default en. */
  lng?: Language
}

/**
 * A new, initialised i18next instance with every catalogue (no global instance, so a server can
 * hold one per language and tests cannot leak state). Initialisation is synchronous because the
 * resources are bundled: the instance is usable as soon as this returns.
 */
export function createI18n({ lng = DEFAULT_LANGUAGE }: CreateI18nOptions = {}): i18n {
  const instance = i18next.createInstance()
  void instance.init({
    resources,
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // de-AT, en-US and the like resolve to de and en.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: NAMESPACE_NAMES,
    defaultNS: 'common',
    fallbackNS: false,
    // React and Ink escape on their own; HTML built by hand (the sign-in page) must escape itself.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  return instance
}
