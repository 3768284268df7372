import { describe, expect, it } from 'vitest'
import type { SessionUser } from '@portal/sdk/services'
import { authorize, authorizeMethod } from './decide'

const user = (permissions: string[], companies: number[]): SessionUser => ({
  keycloakId: 'k-1',
  email: 'someone@demo.portal',
  firstName: 'Some',
  lastName: 'One',
  locale: 'en',
  favClient: null,
  permissions_array: permissions,
  klienten_array: companies,
})

const staff = user(['doc', 'app', 'acc', 'rep', 'ded', 'ove', 'lab', 'exp'], [1001, 1002])
const client = user(['doc', 'rep', 'app'], [1002])

describe('policy', () => {
  it('refuses every session-only call without a session as NotAuthenticated', () => {
    expect(() => authorize(null, 'config', 'find')).toThrow(expect.objectContaining({ name: 'NotAuthenticated', code: 401 }))
    expect(() => authorize(undefined, 'acc-suppliers', 'create', { companyNo: 1001 })).toThrow(
      expect.objectContaining({ code: 401 }),
    )
  })

  it('lets anyone read the version', () => {
    expect(() => authorize(null, 'version', 'find')).not.toThrow()
  })

  it('needs the company for master data and says Forbidden with key and no detail otherwise', () => {
    expect(() => authorize(client, 'acc-periods', 'find', { companyNo: 1002 })).not.toThrow()
    let caught: unknown
    try {
      authorize(client, 'acc-periods', 'find', { companyNo: 1001 })
    } catch (error) {
      caught = error
    }
    expect(caught).toMatchObject({ name: 'Forbidden', code: 403, data: { key: 'errors:access.forbidden', params: {} } })
  })

  it('needs acc to create suppliers, adm to change company settings and ded for the editor', () => {
    expect(() => authorize(staff, 'acc-suppliers', 'create', { companyNo: 1001 })).not.toThrow()
    expect(() => authorize(client, 'acc-suppliers', 'create', { companyNo: 1002 })).toThrow(expect.objectContaining({ code: 403 }))
    expect(() => authorize(staff, 'company-settings', 'patch', { companyNo: 1001 })).toThrow(expect.objectContaining({ code: 403 }))
    expect(() => authorize(staff, 'editor-document', 'find')).not.toThrow()
    expect(() => authorize(client, 'editor-document', 'find')).toThrow(expect.objectContaining({ code: 403 }))
  })

  it('lets users patch only locale and favClient of their own record without kca', () => {
    expect(() => authorizeMethod(client, 'users', 'patch')).not.toThrow()
    expect(() => authorize(client, 'users', 'patch', { own: true, fields: ['locale'] })).not.toThrow()
    expect(() => authorize(client, 'users', 'patch', { own: true, fields: ['permissions'] })).toThrow(
      expect.objectContaining({ code: 403 }),
    )
    expect(() => authorize(client, 'users', 'patch', { own: false, fields: ['locale'] })).toThrow(
      expect.objectContaining({ code: 403 }),
    )
    expect(() => authorizeMethod(client, 'users', 'find')).toThrow(expect.objectContaining({ code: 403 }))
  })

  it('refuses methods the table does not list', () => {
    expect(() => authorize(staff, 'acc-suppliers', 'remove', { companyNo: 1001 })).toThrow(expect.objectContaining({ code: 403 }))
    expect(() => authorize(staff, 'no-such-service', 'find')).toThrow(expect.objectContaining({ code: 403 }))
  })
})
