import { describe, expect, it } from 'vitest'
import { NAMESPACES, NAMESPACE_NAMES, resources } from './resources'
import type { Catalogue } from './types'

function leafKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  )
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort()
}

describe('i18n catalogues', () => {
  it.each(NAMESPACE_NAMES)('namespace %s has exactly the same keys in en and de', (ns) => {
    const en = leafKeys(NAMESPACES[ns].en as Catalogue).sort()
    const de = leafKeys(NAMESPACES[ns].de as Catalogue).sort()
    expect(de).toEqual(en)
    expect(en.length).toBeGreaterThan(0)
  })

  it.each(NAMESPACE_NAMES)('namespace %s uses the same placeholders in en and de and has no empty text', (ns) => {
    const lookup = (catalogue: Catalogue, path: string): string =>
      path.split('.').reduce<string | Catalogue>((node, part) => (node as Catalogue)[part] ?? '', catalogue) as string
    for (const key of leafKeys(NAMESPACES[ns].en as Catalogue)) {
      const en = lookup(NAMESPACES[ns].en as Catalogue, key)
      const de = lookup(NAMESPACES[ns].de as Catalogue, key)
      expect(en.trim(), `${ns}:${key} (en)`).not.toBe('')
      expect(de.trim(), `${ns}:${key} (de)`).not.toBe('')
      expect(placeholders(de), `${ns}:${key}`).toEqual(placeholders(en))
    }
  })

  it('offers the same namespaces in both languages', () => {
    expect(Object.keys(resources.de).sort()).toEqual(Object.keys(resources.en).sort())
  })
})
