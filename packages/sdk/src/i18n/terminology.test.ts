import { describe, expect, it } from 'vitest'
import { NAMESPACES, NAMESPACE_NAMES } from './resources'
import type { Catalogue } from './types'

// One word for a client company in each language: English "company" (the SPEC's company picker and company
// settings), German "Klient" (what an Austrian tax firm calls its clients). The tax firm itself is the "firm" /
// "Kanzlei". A text that says "client", "Mandant", "Firma" or "Unternehmen" for the client company fails here.

function texts(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  )
}

/** Words for the client company other than the chosen one. */
const OTHER_WORDS = {
  en: /\bclients?\b/gi,
  de: /\b(Mandant\w*|Firma|Firmen(?!buch)\w*|Unternehmen\w*)/g,
}

/**
 * Names of the outside world that contain one of those words and mean something else: DATEV's own field
 * "Mandantennummer", the health insurer's field "Kassa/Mandant", the OpenID login client.
 */
const FOREIGN_TERMS = {
  en: [/DATEV client number/g, /client number of company/g, /\(Kassa\/Mandant\)/g, /login client/g, /--(all-)?clients?\b/g],
  de: [/(DATEV-)?Mandantennummer/g, /Kasse\/Mandant/g, /--(all-)?clients?\b/g],
}

function offending(language: 'en' | 'de'): string[] {
  return NAMESPACE_NAMES.flatMap((ns) =>
    texts(NAMESPACES[ns][language] as Catalogue).flatMap(([key, text]) => {
      const plain = FOREIGN_TERMS[language].reduce((rest, term) => rest.replace(term, ''), text.replace(/\{\{\s*\w+\s*\}\}/g, ''))
      return [...plain.matchAll(OTHER_WORDS[language])].map((match) => `${ns}:${key} says "${match[0]}": ${text}`)
    }),
  )
}

describe('one word for a client company', () => {
  it('English texts say "company", never "client"', () => {
    expect(offending('en')).toEqual([])
  })

  it('German texts say "Klient", never "Mandant", "Firma" or "Unternehmen"', () => {
    expect(offending('de')).toEqual([])
  })
})
