import { describe, expect, it } from 'vitest'
import { createCliLanguage, resolveLang } from './i18n'

describe('the CLI’s language', () => {
  it('is --lang, else the account’s language, else LANG, else English', () => {
    const german = { LANG: 'de_AT.UTF-8' }
    expect(resolveLang('en', german, 'de')).toEqual({ lang: 'en', source: 'flag' })
    expect(resolveLang(undefined, { LANG: 'en_US.UTF-8' }, 'de')).toEqual({ lang: 'de', source: 'account' })
    expect(resolveLang(undefined, german, undefined)).toEqual({ lang: 'de', source: 'environment' })
    // A cached value the CLI does not speak is passed over.
    expect(resolveLang(undefined, { LC_ALL: 'C.UTF-8' }, 'fr')).toEqual({ lang: 'en', source: 'environment' })
    expect(() => resolveLang('fr', german)).toThrow()
    // PORTAL_LANG, a script's fixed language, beats the account's and the shell's, but not --lang.
    expect(resolveLang(undefined, { LANG: 'de_AT.UTF-8', PORTAL_LANG: 'en' }, 'de')).toEqual({ lang: 'en', source: 'flag' })
    expect(resolveLang('de', { PORTAL_LANG: 'en' }, 'en')).toEqual({ lang: 'de', source: 'flag' })
    expect(() => resolveLang(undefined, { PORTAL_LANG: 'fr' })).toThrow()
  })

  it('follows the account once the server has told its language: the translator answers in it from then on', () => {
    const language = createCliLanguage(undefined, { LANG: 'en_US.UTF-8' })
    const { t } = language
    expect(t('whoami.permissions')).toBe('Permissions')
    expect(language.followAccount('de')).toBe(true)
    expect(language).toMatchObject({ lang: 'de', source: 'account' })
    // The translator handed out before the switch speaks German too (commands hold it from the start).
    expect(t('whoami.permissions')).toBe('Berechtigungen')
    expect(t('users:state.never')).toBe(createCliLanguage('de', {}).t('users:state.never'))
    expect(language.followAccount('de')).toBe(false)
    expect(language.followAccount('xx')).toBe(false)
    expect(language.lang).toBe('de')
  })

  it('keeps --lang whatever the account says', () => {
    const language = createCliLanguage('en', { LANG: 'de_AT.UTF-8' }, 'de')
    expect(language.followAccount('de')).toBe(false)
    expect(language).toMatchObject({ lang: 'en', source: 'flag' })
    expect(language.t('whoami.permissions')).toBe('Permissions')
  })
})
