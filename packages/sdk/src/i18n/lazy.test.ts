import { describe, expect, it } from 'vitest'
import { CORE_NAMESPACES, SCREEN_NAMESPACES, createLazyI18n, loadCatalogues } from './lazy'
import { NAMESPACES, NAMESPACE_NAMES } from './resources'

describe('texts loaded per language (the web app)', () => {
  it('groups every namespace but the CLI\'s exactly once, with the catalogues of resources.ts', async () => {
    const grouped = [...CORE_NAMESPACES, ...SCREEN_NAMESPACES]
    expect(new Set(grouped).size).toBe(grouped.length)
    expect([...grouped, 'cli'].sort()).toEqual([...NAMESPACE_NAMES].sort())
    for (const language of ['en', 'de'] as const) {
      const core = await loadCatalogues(language, 'core')
      const screens = await loadCatalogues(language, 'screens')
      expect(Object.keys(core).sort()).toEqual([...CORE_NAMESPACES].sort())
      expect(Object.keys(screens).sort()).toEqual([...SCREEN_NAMESPACES].sort())
      for (const [ns, catalogue] of Object.entries({ ...core, ...screens })) expect(catalogue).toBe(NAMESPACES[ns as keyof typeof NAMESPACES][language])
    }
  })

  it('starts with the shell\'s texts of one language and loads a screen\'s texts when asked', async () => {
    const i18n = await createLazyI18n('de')
    expect(i18n.t('shell:session.loading')).toBe(NAMESPACES.shell.de.session.loading)
    expect(i18n.hasResourceBundle('de', 'fon')).toBe(false)
    expect(i18n.hasResourceBundle('en', 'shell')).toBe(false)
    await i18n.loadNamespaces(['fon'])
    expect(i18n.hasResourceBundle('de', 'fon')).toBe(true)
    expect(i18n.t('fon:title')).toBe(NAMESPACES.fon.de.title)
  })

  it('switches language with the texts loaded so far', async () => {
    const i18n = await createLazyI18n('en')
    await i18n.loadNamespaces(['users'])
    await i18n.changeLanguage('de')
    expect(i18n.language).toBe('de')
    expect(i18n.t('shell:session.loading')).toBe(NAMESPACES.shell.de.session.loading)
    expect(i18n.t('users:title')).toBe(NAMESPACES.users.de.title)
  })
})
