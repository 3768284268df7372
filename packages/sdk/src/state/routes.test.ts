import { describe, expect, it } from 'vitest'
import { buildPath, canAccess, homePath, parseClientParams, routeByName, ROUTES, withClient } from './routes'
import { landingPath } from './landing'

describe('routes', () => {
  it('leads / to the overview with ove, else to the favourite client invoices', () => {
    expect(homePath(['ove', 'doc'], 7)).toBe('/overview')
    expect(homePath(['doc'], 7)).toBe('/invoices/7')
    expect(homePath([], null)).toBe('/invoices/0')
  })

  it('leads a client company\'s people on a phone to the camera capture, staff to the same start as on a desktop', () => {
    expect(landingPath(['doc', 'rep', 'app'], 1002, { phone: true })).toBe('/capture/1002')
    expect(landingPath(['doc', 'rep', 'app'], 1002, { phone: false })).toBe('/invoices/1002')
    expect(landingPath(['doc', 'acc', 'lab'], 1001, { phone: true })).toBe('/invoices/1001')
    expect(landingPath(['ove', 'doc'], 1001, { phone: true })).toBe('/overview')
    // Without doc nothing can be uploaded: the usual start.
    expect(landingPath(['rep'], 1002, { phone: true })).toBe('/invoices/1002')
  })

  it('defaults document_type to er_u and document_id to 0', () => {
    expect(parseClientParams({ client: '3' })).toEqual({ client: 3, documentType: 'er_u', documentId: 0 })
    expect(parseClientParams({ client: 'x', document_type: 'AR', document_id: '1.5' })).toEqual({
      client: 0,
      documentType: 'ar',
      documentId: 0,
    })
  })

  it('guards by permission: banking needs adm or ban, user-admin kca, /logout none', () => {
    expect(canAccess(routeByName('banking').access, ['ban'])).toBe(true)
    expect(canAccess(routeByName('banking').access, ['doc'])).toBe(false)
    expect(canAccess(routeByName('user-admin').access, ['adm'])).toBe(false)
    expect(routeByName('logout').access).toBe('public')
  })

  it('shows the company picker exactly on routes with a client parameter', () => {
    for (const r of ROUTES) expect(r.showCompanies, r.name).toBe(r.path.includes(':client') && r.name !== 'single-document')
  })

  it('builds paths, drops optional parameters and replaces the client', () => {
    expect(buildPath('/invoices/:client/:document_type?/:document_id?', { client: 5 })).toBe('/invoices/5')
    const pattern = routeByName('invoices').path
    expect(withClient(pattern, { client: '5', document_type: 'ar', document_id: '9' }, 6)).toBe('/invoices/6/ar')
    expect(withClient(routeByName('document-editor-document').path, { client: '5', documentId: '9' }, 6)).toBe(
      '/document-editor/6',
    )
  })
})
