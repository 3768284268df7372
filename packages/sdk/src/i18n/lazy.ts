import i18next, { type BackendModule, type i18n } from 'i18next'
import { isLanguage, type Language } from '../domain/languages'
import { baseI18nOptions } from './options'
import type { Catalogue } from './types'

/** The namespaces the web app's shell needs before it shows (page title, top bar, menu, sign-in errors). */
export const CORE_NAMESPACES = ['common', 'errors', 'shell'] as const

/** The namespaces of the screens, loaded beside the first screen; `cli` never reaches the browser. */
export const SCREEN_NAMESPACES = [
  'idp', 'domain', 'validation', 'documents', 'invoices', 'erp', 'scanners', 'accounts', 'booking', 'users', 'erpScreen', 'fon', 'editor',
  'unpaid', 'reports', 'admin', 'banking', 'security', 'requests', 'overview',
] as const

/** A group of namespaces loaded together: one chunk per language and group. */
export type CatalogueGroup = 'core' | 'screens'

// Literal import paths, so bundlers make each its own chunk.
const LOADERS: Record<Language, Record<CatalogueGroup, () => Promise<{ catalogues: Record<string, Catalogue> }>>> = {
  en: { core: () => import('./bundles/en-core'), screens: () => import('./bundles/en-screens') },
  de: { core: () => import('./bundles/de-core'), screens: () => import('./bundles/de-screens') },
}

/** The catalogues of one language and group, by namespace. */
export async function loadCatalogues(language: Language, group: CatalogueGroup): Promise<Record<string, Catalogue>> {
  return (await LOADERS[language][group]()).catalogues
}

const groupOf = (namespace: string): CatalogueGroup | undefined =>
  (CORE_NAMESPACES as readonly string[]).includes(namespace) ? 'core' : (SCREEN_NAMESPACES as readonly string[]).includes(namespace) ? 'screens' : undefined

/** An i18next backend that reads a namespace from its language's group chunk. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const group = groupOf(namespace)
    if (!isLanguage(language) || !group) return callback(null, {})
    loadCatalogues(language, group).then(
      (catalogues) => callback(null, catalogues[namespace] ?? {}),
      (error: unknown) => callback(error as Error, false),
    )
  },
}

/**
 * A new i18next instance for the browser: it holds only the shell's texts of `lng` when it resolves and loads
 * the rest per language as it is asked for (`useTranslation(ns)`, `loadNamespaces`, `changeLanguage`), so the
 * first page load carries one language's shell texts instead of every catalogue of both languages. Both
 * languages have the same keys (resources.test.ts), so no fallback language is loaded beside the chosen one.
 */
export async function createLazyI18n(lng: Language): Promise<i18n> {
  const instance = i18next.createInstance().use(chunkBackend)
  await instance.init({ ...baseI18nOptions(lng), fallbackLng: false, ns: [...CORE_NAMESPACES], partialBundledLanguages: true })
  return instance
}
