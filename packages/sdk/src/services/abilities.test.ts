import { describe, expect, it } from 'vitest'
import { can, refusal } from './abilities'

const staff = { permissions_array: ['doc', 'app', 'acc', 'rep', 'ded', 'ove', 'lab', 'exp'], klienten_array: [1001, 1002] }
const client = { permissions_array: ['doc', 'rep', 'app'], klienten_array: [1002] }

describe('abilities', () => {
  it('tells the web and CLI what the server would refuse', () => {
    expect(can(staff, 'acc-suppliers', 'create', { companyNo: 1001 })).toBe(true)
    expect(can(client, 'acc-suppliers', 'create', { companyNo: 1002 })).toBe(false)
    expect(can(client, 'editor-document', 'find')).toBe(false)
    expect(can(staff, 'company-settings', 'patch', { companyNo: 1001 })).toBe(false)
    expect(can(client, 'acc-periods', 'find', { companyNo: 1001 })).toBe(false)
  })

  it('separates no session from no right', () => {
    expect(refusal(null, 'config', 'find')).toBe('unauthenticated')
    expect(refusal(null, 'version', 'find')).toBeUndefined()
    expect(refusal(client, 'users', 'find')).toBe('forbidden')
    expect(refusal(client, 'users', 'patch', { own: true, fields: ['locale', 'favClient'] })).toBeUndefined()
    expect(refusal(client, 'users', 'patch', { own: true, fields: ['enabled'] })).toBe('forbidden')
  })
})
