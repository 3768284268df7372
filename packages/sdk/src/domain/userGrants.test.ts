import { describe, expect, it } from 'vitest'
import { PERMISSIONS } from './permissions'
import { planUserChanges, type UserAccessState } from './userChanges'
import { grantRefusal, outranks, type Grantor } from './userGrants'

const ALL = [1001, 1002, 1003]
/** A user manager with doc and company 1002 only. */
const manager: Grantor = { email: 'kca@kanzlei.at', permissions: ['kca', 'doc'], companies: [1002], allCompanies: ALL }
const administrator: Grantor = { email: 'chef@kanzlei.at', permissions: [...PERMISSIONS], companies: ALL, allCompanies: ALL }
const self: UserAccessState = { id: 'k', email: 'KCA@kanzlei.at', permissions: ['kca', 'doc'], clientAccess: 'assigned', klienten: [1002], excluded: [], enabled: true }
const clerk: UserAccessState = { id: 'c', email: 'clerk@kanzlei.at', permissions: ['doc'], clientAccess: 'assigned', klienten: [1002], excluded: [], enabled: true }
const boss: UserAccessState = { id: 'b', email: 'chef@kanzlei.at', permissions: [...PERMISSIONS], clientAccess: 'all', klienten: [], excluded: [], enabled: true }

describe('what a user manager may grant (issue 30)', () => {
  it('refuses giving oneself a permission, a company or all companies one does not hold, naming it', () => {
    expect(grantRefusal(manager, self, { ...self, permissions: ['kca', 'doc', 'adm', 'ban'] })).toEqual({ field: 'permissions', message: { key: 'users:rule.grantPermission', params: { code: 'adm' } } })
    expect(grantRefusal(manager, self, { ...self, klienten: [1002, 1001] })).toEqual({ field: 'klienten', message: { key: 'users:rule.grantCompany', params: { company: '1001' } } })
    expect(grantRefusal(manager, self, { ...self, clientAccess: 'all' })).toEqual({ field: 'clientAccess', message: { key: 'users:rule.grantAllCompanies' } })
  })

  it('refuses creating an administrator or a user of a company one does not hold', () => {
    const created = { email: 'new@kanzlei.at', permissions: ['adm'], clientAccess: 'assigned' as const, klienten: [1002], excluded: [] }
    expect(grantRefusal(manager, undefined, created)?.message).toEqual({ key: 'users:rule.grantPermission', params: { code: 'adm' } })
    expect(grantRefusal(manager, undefined, { ...created, permissions: ['doc'], klienten: [1003] })?.message).toEqual({ key: 'users:rule.grantCompany', params: { company: '1003' } })
    expect(grantRefusal(manager, undefined, { ...created, permissions: ['doc'] })).toBeNull()
  })

  it('refuses touching a user who holds more, and allows what one holds and taking away', () => {
    expect(outranks(manager, boss)).toEqual({ field: 'user', message: { key: 'users:rule.outranksPermission', params: { email: 'chef@kanzlei.at', code: 'acc' } } })
    expect(outranks(manager, { ...clerk, klienten: [1002, 1003] })?.message).toEqual({ key: 'users:rule.outranksCompany', params: { email: 'clerk@kanzlei.at', company: '1003' } })
    expect(outranks(manager, { ...clerk, clientAccess: 'all' })?.message.key).toBe('users:rule.outranksAllCompanies')
    expect(outranks(manager, self)).toBeNull()
    expect(grantRefusal(manager, clerk, { ...clerk, permissions: [] })).toBeNull()
    expect(grantRefusal(manager, clerk, { ...clerk, permissions: ['doc', 'kca'] })).toBeNull()
  })

  it('lets an administrator with every permission and company grant everything', () => {
    expect(grantRefusal(administrator, clerk, { ...clerk, permissions: [...PERMISSIONS], clientAccess: 'all' })).toBeNull()
    expect(outranks(administrator, boss)).toBeNull()
  })

  it('refuses the bulk row, so the preview shows it', () => {
    const users = new Map([
      ['clerk@kanzlei.at', clerk],
      ['chef@kanzlei.at', boss],
    ])
    const plan = planUserChanges(
      [
        { email: 'clerk@kanzlei.at', addPermissions: ['adm'] },
        { email: 'chef@kanzlei.at', removePermissions: ['adm'] },
        { email: 'clerk@kanzlei.at', addClients: [1001] },
      ],
      { users, companyExists: (no) => ALL.includes(no), actorEmail: manager.email, grantor: manager },
    )
    expect(plan.errors.map((error) => [error.row, error.field, error.message.key])).toEqual([
      [2, 'email', 'users:rule.duplicate'],
      [0, 'addPermissions', 'users:rule.grantPermission'],
      [1, 'email', 'users:rule.outranksPermission'],
    ])
  })
})
