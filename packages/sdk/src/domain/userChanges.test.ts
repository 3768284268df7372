import { describe, expect, it } from 'vitest'
import { PERMISSIONS } from './permissions'
import { applyUserChange, describeDiff, planUserChanges, selfLockout, type UserAccessState } from './userChanges'
import { readUserChangeRows } from './userChangeFile'
import { validateNewPassword, validateNewUser } from './userForm'

const anna: UserAccessState = { id: 'a', email: 'Anna@Kanzlei.at', permissions: ['doc'], clientAccess: 'assigned', klienten: [1001], excluded: [], enabled: true }
const boss: UserAccessState = { id: 'b', email: 'chef@kanzlei.at', permissions: ['kca', 'adm'], clientAccess: 'all', klienten: [], excluded: [1006], enabled: true }
const context = {
  users: new Map([
    ['anna@kanzlei.at', anna],
    ['chef@kanzlei.at', boss],
  ]),
  companyExists: (no: number) => no >= 1001 && no <= 1006,
  actorEmail: 'CHEF@kanzlei.at',
  // A full administrator: every permission and company (what a narrower one may grant is userGrants.test.ts).
  grantor: { email: 'CHEF@kanzlei.at', permissions: [...PERMISSIONS], companies: [1001, 1002, 1003, 1004, 1005, 1006], allCompanies: [1001, 1002, 1003, 1004, 1005, 1006] },
}

describe('planUserChanges', () => {
  it('answers who gains and loses what, and leaves out users a row does not change', () => {
    const plan = planUserChanges(
      [
        { email: 'anna@kanzlei.at', addPermissions: ['rep', 'doc'], removePermissions: ['pdf'], addClients: [1002], removeClients: [1001] },
        { email: 'chef@kanzlei.at', addPermissions: ['adm'] },
      ],
      context,
    )
    expect(plan.errors).toEqual([])
    expect(plan.diffs).toEqual([
      { userId: 'a', email: 'Anna@Kanzlei.at', permissions: { added: ['rep'], removed: [] }, klienten: { added: [1002], removed: [1001] }, excluded: { added: [], removed: [] } },
    ])
    expect(describeDiff(plan.diffs[0]).map((line) => line.key)).toEqual(['users:diff.gainsPermissions', 'users:diff.gainsClients', 'users:diff.losesClients'])
  })

  it('reports every bad row: unknown user, code and client, a user twice, self-lockout', () => {
    const plan = planUserChanges(
      [
        { email: 'nobody@kanzlei.at' },
        { email: 'anna@kanzlei.at', addPermissions: ['xyz'], addClients: [9999] },
        { email: 'ANNA@kanzlei.at', enabled: false },
        { email: 'chef@kanzlei.at', removePermissions: ['kca'], enabled: false },
        { email: 'kein-mail' },
      ],
      context,
    )
    expect(plan.errors.map((error) => [error.row, error.field, error.message.key])).toEqual([
      [0, 'email', 'users:rule.unknownUser'],
      [1, 'addPermissions', 'users:rule.unknownPermission'],
      [1, 'addClients', 'users:rule.unknownClient'],
      [2, 'email', 'users:rule.duplicate'],
      [3, 'removePermissions', 'users:rule.selfRemoveKca'],
      [3, 'enabled', 'users:rule.selfDisable'],
      [4, 'email', 'validation:email'],
    ])
    expect(plan.diffs).toEqual([])
  })

  it('with all-clients access, adding a client lifts its exclusion and removing one excludes it', () => {
    expect(applyUserChange(boss, { email: boss.email, addClients: [1006], removeClients: [1002] })).toMatchObject({ clientAccess: 'all', excluded: [1002] })
    expect(applyUserChange(anna, { email: anna.email, allClients: true, excludeClients: [1003] })).toMatchObject({ clientAccess: 'all', klienten: [1001], excluded: [1003] })
  })

  it('self-lockout: losing kca or being disabled', () => {
    expect(selfLockout(boss, { permissions: ['adm'], enabled: true })?.key).toBe('users:rule.selfRemoveKca')
    expect(selfLockout(boss, { permissions: boss.permissions, enabled: false })?.key).toBe('users:rule.selfDisable')
    expect(selfLockout(anna, { permissions: [], enabled: true })).toBeNull()
  })
})

describe('readUserChangeRows', () => {
  it('reads CSV cells and JSON values, naming each bad cell by its line', () => {
    const read = readUserChangeRows([
      { line: 2, cells: { email: 'anna@kanzlei.at', add_permissions: 'doc rep', add_clients: '1001;1002', enabled: 'ja' } },
      { line: 3, cells: { email: 'bernd@kanzlei.at', removePermissions: ['DOC'], allClients: true } },
      { line: 4, cells: { email: '', add_permissions: 'xyz', enabled: 'vielleicht', add_clients: '12a', color: 'red' } },
    ])
    expect(read.changes.slice(0, 2)).toEqual([
      { email: 'anna@kanzlei.at', addPermissions: ['doc', 'rep'], addClients: [1001, 1002], enabled: true },
      { email: 'bernd@kanzlei.at', removePermissions: ['doc'], allClients: true },
    ])
    expect(read.errors.map((error) => [error.line, error.field, error.message.key])).toEqual([
      [4, 'email', 'validation:required'],
      [4, 'add_permissions', 'users:rule.unknownPermission'],
      [4, 'enabled', 'users:rule.badBoolean'],
      [4, 'add_clients', 'users:rule.badNumber'],
      [4, 'color', 'users:rule.badColumn'],
    ])
  })
})

describe('user form', () => {
  it('needs every field and a valid e-mail; passwords must match', () => {
    expect(validateNewUser({ email: 'x', firstName: ' ', lastName: 'B' })).toEqual({ email: { key: 'validation:email' }, firstName: { key: 'validation:notEmpty' } })
    expect(validateNewUser({ email: 'a@kanzlei.at', firstName: 'A', lastName: 'B' })).toEqual({})
    expect(validateNewPassword('kurz', 'kurz')?.key).toBe('users:setup.tooShort')
    expect(validateNewPassword('lang-genug-1', 'lang-genug-2')?.key).toBe('validation:passwordsMatch')
    expect(validateNewPassword('lang-genug-1', 'lang-genug-1')).toBeNull()
  })
})
