import i18next, { type i18n } from 'i18next'
import { DEFAULT_LANGUAGE, type Language } from '../domain/languages'
import { baseI18nOptions } from './options'
import { NAMESPACE_NAMES, resources } from './resources'

/** Options of createI18n. */
export interface CreateI18nOptions {
  /** Language to start in; default en. */
  lng?: Language
}

/**
 * A new, initialised i18next instance with every catalogue (no global instance, so a server can
 * hold one per language and tests cannot leak state). Initialisation is synchronous because the
 * resources are bundled: the instance is usable as soon as this returns. The web app loads its texts
 * per language instead (`createLazyI18n`).
 */
export function createI18n({ lng = DEFAULT_LANGUAGE }: CreateI18nOptions = {}): i18n {
  const instance = i18next.createInstance()
  void instance.init({ ...baseI18nOptions(lng), resources, ns: NAMESPACE_NAMES, initAsync: false })
  return instance
}
