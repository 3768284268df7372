import type { TFunction } from 'i18next'
import { createI18n } from '@portal/sdk/i18n'
import { CliError } from './errors'

/** Languages the CLI speaks. */
export const LANGUAGES = ['en', 'de'] as const

/** One of the CLI's languages. */
export type Lang = (typeof LANGUAGES)[number]

/** Translates a key of the cli namespace (other namespaces with `ns:key`). */
export type Translate = TFunction<'cli'>

/** Where the language of a run came from, strongest first. */
export type LangSource = 'flag' | 'account' | 'environment'

function isLang(value: string | undefined): value is Lang {
  return (LANGUAGES as readonly string[]).includes(value ?? '')
}

/**
 * The language of a run and where it came from: --lang, else PORTAL_LANG (a script's fixed language), else the
 * signed-in account's language (chosen on
 * /account/preferences, cached with the tokens), else LC_ALL / LC_MESSAGES / LANG (de_AT.UTF-8 → de), else en.
 * The flag wins because it is said for this one command; the account's choice beats the shell's locale because the
 * user made it for the portal, while LANG is the machine's (often a server's C.UTF-8 or a shared terminal's).
 */
export function resolveLang(flag: string | undefined, env: NodeJS.ProcessEnv, accountLang?: string): { lang: Lang; source: LangSource } {
  if (flag !== undefined) {
    if (isLang(flag)) return { lang: flag, source: 'flag' }
    throw new CliError('errors.unknownLang', { lang: flag })
  }
  // A script fixes the language of the output it parses, whoever signs in.
  const fixed = env.PORTAL_LANG
  if (fixed) {
    if (isLang(fixed)) return { lang: fixed, source: 'flag' }
    throw new CliError('errors.unknownLang', { lang: fixed })
  }
  if (isLang(accountLang)) return { lang: accountLang, source: 'account' }
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || ''
  return { lang: locale.toLowerCase().startsWith('de') ? 'de' : 'en', source: 'environment' }
}

/** A translator for the cli namespace in the given language (English for missing keys). */
export function createTranslator(lang: Lang): Translate {
  return createI18n({ lng: lang }).getFixedT(lang, 'cli')
}

/** The language of one run: it can still follow the account once the server has told it. */
export interface CliLanguage {
  /** The language in use now. */
  readonly lang: Lang
  readonly source: LangSource
  /** Translates in the language in use at the moment of the call (so output after a switch is in the new one). */
  readonly t: Translate
  /**
   * The signed-in account's language as the server answered it: used from now on, unless --lang was given.
   * Answers whether the language changed.
   */
  followAccount(locale: string): boolean
}

/** The language of a run, resolved as resolveLang does; its translator follows later switches. */
export function createCliLanguage(flag: string | undefined, env: NodeJS.ProcessEnv, accountLang?: string): CliLanguage {
  let { lang, source } = resolveLang(flag, env, accountLang)
  const i18n = createI18n({ lng: lang })
  // No fixed language: each call reads the instance's current one.
  const t = i18n.getFixedT(null, 'cli')
  return {
    get lang() {
      return lang
    },
    get source() {
      return source
    },
    t,
    followAccount(locale) {
      if (source === 'flag' || !isLang(locale)) return false
      source = 'account'
      if (locale === lang) return false
      lang = locale
      // Resources are bundled, so the switch is done when this returns.
      void i18n.changeLanguage(locale)
      return true
    },
  }
}

/** A language fixed for the whole run (tests, and callers that never talk to a server). */
export function fixedLanguage(lang: Lang): CliLanguage {
  return createCliLanguage(lang, {})
}
