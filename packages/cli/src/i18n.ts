import type { TFunction } from 'i18next'
import { createI18n } from '@portal/sdk/i18n'
import { CliError } from './errors'

/** Languages the CLI speaks. */
export const LANGUAGES = ['en', 'de'] as const

/** One of the CLI's languages. */
export type Lang = (typeof LANGUAGES)[number]

/** Translates a key of the cli namespace (other namespaces with `ns:key`). */
export type Translate = TFunction<'cli'>

/** The language from --lang, else from LC_ALL / LC_MESSAGES / LANG (de_AT.UTF-8 → de), else en. */
export function resolveLang(flag: string | undefined, env: NodeJS.ProcessEnv): Lang {
  if (flag !== undefined) {
    if ((LANGUAGES as readonly string[]).includes(flag)) return flag as Lang
    throw new CliError('errors.unknownLang', { lang: flag })
  }
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || ''
  return locale.toLowerCase().startsWith('de') ? 'de' : 'en'
}

/** A translator for the cli namespace in the given language (English for missing keys). */
export function createTranslator(lang: Lang): Translate {
  return createI18n({ lng: lang }).getFixedT(lang, 'cli')
}
