import { describe, expect, it } from 'vitest'
import { createI18n } from '../i18n/createI18n'
import { pageTitle } from './title'

describe('pageTitle', () => {
  const { t } = createI18n({ lng: 'de' })

  it('puts the brand after the translated route title', () => {
    expect(pageTitle(t, { titleKey: 'domain:documentType.KA', brand: 'Portal' })).toBe('Kassabuch | Portal')
  })

  it('uses the default title when no route title matches', () => {
    expect(pageTitle(t, { titleKey: 'shell:routes.doesNotExist', brand: 'Kanzlei' })).toBe('Portal | Kanzlei')
    expect(pageTitle(t, { brand: 'Kanzlei' })).toBe('Portal | Kanzlei')
  })

  it('leaves the suffix off without a brand and fills parameters', () => {
    expect(pageTitle(t, { titleKey: 'errors:document.notFound', params: { id: 9 } })).toBe('Dokument 9 nicht gefunden')
  })
})
