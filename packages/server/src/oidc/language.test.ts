import { describe, expect, it } from 'vitest'
import { pickLanguage } from './language'

describe('pickLanguage', () => {
  it('prefers ui_locales, then the portal-lang cookie, then Accept-Language', () => {
    expect(pickLanguage({ uiLocales: 'fr de-AT', cookie: 'en', acceptLanguage: 'en' })).toBe('de')
    expect(pickLanguage({ uiLocales: 'fr', cookie: 'de', acceptLanguage: 'en' })).toBe('de')
    expect(pickLanguage({ acceptLanguage: 'fr-FR, de;q=0.8, en;q=0.5' })).toBe('de')
    expect(pickLanguage({ acceptLanguage: 'de;q=0.2, en;q=0.9' })).toBe('en')
  })

  it('falls back to English', () => {
    expect(pickLanguage({})).toBe('en')
    expect(pickLanguage({ acceptLanguage: 'fr, it' })).toBe('en')
  })
})
