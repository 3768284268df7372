import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@portal/sdk/domain'

/** Name of the cookie the portal and the provider's pages share for the chosen language. */
export const LANGUAGE_COOKIE = 'portal-lang'

/** What a request tells about the wanted language. */
export interface LanguageHints {
  /** OIDC ui_locales: space-separated, most wanted first. */
  uiLocales?: string | undefined
  /** The portal-lang cookie. */
  cookie?: string | undefined
  /** The Accept-Language header. */
  acceptLanguage?: string | undefined
}

function firstSupported(tags: string[]): Language | undefined {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0] ?? ''
    if (isLanguage(base)) return base
  }
  return undefined
}

/** The language of a provider page: ui_locales, then the portal-lang cookie, then Accept-Language, then English. */
export function pickLanguage(hints: LanguageHints): Language {
  const fromUiLocales = hints.uiLocales ? firstSupported(hints.uiLocales.split(/\s+/)) : undefined
  if (fromUiLocales) return fromUiLocales
  const fromCookie = hints.cookie ? firstSupported([hints.cookie]) : undefined
  if (fromCookie) return fromCookie
  if (hints.acceptLanguage) {
    const ranked = hints.acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag, ...params] = part.split(';')
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
        return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index }
      })
      .filter((entry) => entry.tag && entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index)
    const fromHeader = firstSupported(ranked.map((entry) => entry.tag))
    if (fromHeader) return fromHeader
  }
  return DEFAULT_LANGUAGE
}
