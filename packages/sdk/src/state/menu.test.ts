import { describe, expect, it } from 'vitest'
import { buildMenu, documentationUrl, menuIds } from './menu'

const base = { client: 12, email: 'staff@demo.portal', docUrl: 'https://docs.example.at', provider: 'HP' }

describe('buildMenu', () => {
  it('shows staff exactly the entries of their permissions, in SPEC order', () => {
    const menu = buildMenu({ ...base, permissions: ['doc', 'app', 'acc', 'rep', 'ded', 'ove', 'lab', 'exp'] })
    expect(menuIds(menu)).toEqual([
      'overview', 'invoices', 'unpaid-items', 'reports', 'documents', 'requests', 'document-editor',
      'documentation', 'app-info', 'account-preferences',
    ])
  })

  it('shows a client user Accounting, reports, unpaid items, documents and requests only', () => {
    const menu = buildMenu({ ...base, permissions: ['doc', 'rep', 'app'] })
    expect(menuIds(menu)).toEqual(['invoices', 'unpaid-items', 'reports', 'documents', 'requests', 'documentation', 'app-info', 'account-preferences'])
  })

  it('offers the requests of the company in context to everyone holding it, and not without a company', () => {
    const links = buildMenu({ ...base, permissions: [] }).flatMap((e) => (e.kind === 'group' ? e.items : [e]))
    expect(links.find((l) => l.id === 'requests')).toMatchObject({ to: '/requests/12', labelKey: 'menu.requests' })
    expect(menuIds(buildMenu({ ...base, client: null, permissions: ['doc'] }))).not.toContain('requests')
  })

  it('gives administrators the admin group; user-admin needs kca as well', () => {
    const withKca = menuIds(buildMenu({ ...base, permissions: ['adm', 'kca'] }))
    expect(withKca).toContain('user-admin')
    expect(withKca.slice(withKca.indexOf('admin'), withKca.indexOf('admin') + 9)).toEqual([
      'admin', 'settings', 'addresses', 'adm-banking-overview', 'responsibility', 'fon-monitoring', 'user-admin',
      'scanner-admin', 'sv-tool',
    ])
    expect(menuIds(buildMenu({ ...base, permissions: ['adm'] }))).not.toContain('user-admin')
    expect(menuIds(buildMenu({ ...base, permissions: ['ban'] }))).toContain('banking')
  })

  it('puts the client into client routes, the e-mail on account preferences, the badges on two entries', () => {
    const menu = buildMenu({ ...base, permissions: ['ded', 'adm'] })
    const links = menu.flatMap((e) => (e.kind === 'group' ? e.items : [e]))
    const byId = Object.fromEntries(links.map((l) => [l.id, l]))
    expect(byId.invoices).toMatchObject({ to: '/invoices/12', badge: 'invoices' })
    expect(byId['document-editor']).toMatchObject({ to: '/document-editor/12', badge: 'editor' })
    expect(byId.settings).toMatchObject({ to: '/settings/12' })
    expect(byId['account-preferences']).toMatchObject({ to: '/account/preferences', text: 'staff@demo.portal' })
    expect(byId.documentation).toMatchObject({ href: 'https://docs.example.at?provider=HP' })
  })

  it("uses client '0' when no company is selected and leaves documentation out without a URL", () => {
    const menu = buildMenu({ ...base, client: null, docUrl: '', permissions: [] })
    expect(menu[0]).toMatchObject({ id: 'invoices', to: '/invoices/0' })
    expect(menuIds(menu)).not.toContain('documentation')
  })

  it('appends the provider parameter to a URL that already has a query', () => {
    expect(documentationUrl('https://d.at/x?a=1', 'A & B')).toBe('https://d.at/x?a=1&provider=A%20%26%20B')
    expect(documentationUrl('/docs/?provider=portal', 'Portal')).toBe('/docs/?provider=portal')
  })
})
