import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction, AuditEntry } from '../../packages/sdk/src/services/index'
import { generateFonFiles } from '../support/fon-files'
import { importAndWait } from '../support/fon-import'
import { startTestServer, type TestServer } from '../support/server'
import { connectAs, type Connection } from './services.support'

// Issue 30 item 14: every administrative change leaves an audit entry (who, when, what, for whom, the changed fields
// before and after, never a secret), read as the user administrator reads it: the audit-log service of the screen.

// A PIN no other test uses, so finding it in the log means it leaked.
const PIN = `pin-${Math.random().toString(36).slice(2)}`

describe('administrative changes in the audit log', () => {
  let server: TestServer
  let admin: Connection
  let adminId: string

  /** The newest entries of one action, newest first, as the audit-log screen lists them. */
  async function entriesOf(action: AuditAction): Promise<AuditEntry[]> {
    return (await admin.app.service('audit-log').find({ query: { action, $limit: 100 } })).data
  }

  beforeAll(async () => {
    server = await startTestServer()
    admin = await connectAs(server.url, 'admin')
    adminId = ((await server.knex('users').where({ email: 'admin@demo.portal' }).first('id')) as { id: string }).id
  })

  afterAll(async () => {
    admin?.close()
    await server?.close()
  })

  it('records a change of company settings with the changed fields only, and nothing for a save that changes nothing', async () => {
    const before = (await admin.app.service('company-settings').find({ query: { client: 1003 } }))[0]!
    await admin.app.service('company-settings').patch(1003, { use_gross_amounts: !before.use_gross_amounts, small_business: before.small_business })
    const entries = await entriesOf('companySettings.change')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actorId: adminId,
      actorName: 'Anna Huber',
      entity: 'companySettings',
      targetId: '1003',
      companyNo: 1003,
      before: { use_gross_amounts: before.use_gross_amounts },
      after: { use_gross_amounts: !before.use_gross_amounts },
    })
    expect(Object.keys(entries[0]!.after!)).toEqual(['use_gross_amounts'])
    expect(Date.now() - Date.parse(entries[0]!.at)).toBeLessThan(60_000)

    await admin.app.service('company-settings').patch(1003, { use_gross_amounts: !before.use_gross_amounts })
    expect(await entriesOf('companySettings.change')).toHaveLength(1)
  })

  it('records a change of a tax code line with its values before and after, also the way back to the default', async () => {
    await admin.app.service('tax-codes').patch('V20', { bmdSteuercode: '77' })
    await admin.app.service('tax-codes').patch('V20', { bmdSteuercode: null })
    const entries = await entriesOf('taxCode.change')
    expect(entries.map(({ before, after }) => [before, after])).toEqual([
      [{ bmdSteuercode: '77' }, { bmdSteuercode: '2' }],
      [{ bmdSteuercode: '2' }, { bmdSteuercode: '77' }],
    ])
    expect(entries[0]).toMatchObject({ actorId: adminId, actorName: 'Anna Huber', entity: 'taxCode', targetId: 'V20', targetLabel: 'V20', companyNo: null })

    await admin.app.service('tax-codes').patch('V20', { bmdSteuercode: '2' })
    expect(await entriesOf('taxCode.change')).toHaveLength(2)
    // The log narrowed to the kind of record finds them too.
    expect((await admin.app.service('audit-log').find({ query: { entity: 'taxCode', targetId: 'V20' } })).total).toBe(2)
  })

  it('records a change of the FON user with the changed fields, says only that the PIN changed and never its value', async () => {
    await admin.app.service('fon-settings').patch('fon', { participantId: '123456', userId: 'WEB1', pin: PIN, twoFactor: false })
    await admin.app.service('fon-settings').patch('fon', { userId: 'WEB2' })
    await admin.app.service('fon-settings').patch('fon', { pin: `${PIN}-2` })
    const entries = await entriesOf('fonSettings.change')
    expect(entries.map(({ before, after }) => [before, after])).toEqual([
      [{}, { pin: 'changed' }],
      [{ userId: 'WEB1' }, { userId: 'WEB2' }],
      [
        { participantId: '', userId: '' },
        { participantId: '123456', userId: 'WEB1', pin: 'changed' },
      ],
    ])
    expect(entries[0]).toMatchObject({ actorId: adminId, actorName: 'Anna Huber', entity: 'fonSettings', targetId: 'fon' })

    await admin.app.service('fon-settings').patch('fon', { userId: 'WEB2', pin: '' })
    expect(await entriesOf('fonSettings.change')).toHaveLength(3)
    const everything = await admin.app.service('audit-log').find({ query: { $limit: 1000 } })
    expect(JSON.stringify(everything)).not.toContain(PIN)
    expect(JSON.stringify(await server.knex('audit_log').select('*'))).not.toContain(PIN)
  })

  it('records a supplier account created and changed by staff, with the new values and the changed IBAN before and after', async () => {
    const staff = await connectAs(server.url, 'staff')
    try {
      const staffId = ((await server.knex('users').where({ email: 'staff@demo.portal' }).first('id')) as { id: string }).id
      const created = await staff.app.service('acc-suppliers').create({ client: 1002, account: 339901, name: 'Audit Lieferant GmbH', town: 'Graz' })
      await staff.app.service('acc-suppliers').patch(created.id, { iban: 'AT61 1904 3002 3457 3201', town: 'Graz' })
      const [creation] = await entriesOf('partnerAccount.create')
      expect(creation).toMatchObject({
        actorId: staffId,
        actorName: 'Stefan Bauer',
        entity: 'partnerAccount',
        targetId: String(created.id),
        targetLabel: '339901 Audit Lieferant GmbH',
        companyNo: 1002,
        before: null,
        after: { account: 339901, name: 'Audit Lieferant GmbH', type: 3, town: 'Graz', accounting: created.accounting },
      })
      const [change] = await entriesOf('partnerAccount.change')
      expect(change).toMatchObject({ actorId: staffId, targetId: String(created.id), companyNo: 1002, before: { iban: null }, after: { iban: 'AT611904300234573201' } })
      expect(Object.keys(change!.after!)).toEqual(['iban'])
    } finally {
      staff.close()
    }
  })

  it('records a FON import with its file and row count once its job has replaced the side, like a contribution-account import', async () => {
    const files = generateFonFiles({ year: new Date().getFullYear() - 1 })
    const done = await importAndWait(admin.app, { kind: 'records', fileName: 'ntcs-export.csv', bytes: files.recordsCsv })
    expect(done.state).toBe('done')
    const [entry] = await entriesOf('fonImport.records')
    expect(entry).toMatchObject({ actorId: adminId, actorName: 'Anna Huber', entity: 'fonImport', targetId: String(done.id), targetLabel: 'ntcs-export.csv', after: { rows: done.rows } })
  })

  it('records an e-mail intake change with only what changed, and nothing for a save that changes nothing', async () => {
    const [before] = await admin.app.service('intake-settings').find({ query: { client: 1004 } })
    await admin.app.service('intake-settings').patch(1004, { enabled: !before!.enabled, allowed_senders: before!.allowed_senders })
    await admin.app.service('intake-settings').patch(1004, { enabled: !before!.enabled })
    const entries = await entriesOf('intakeSettings.change')
    expect(entries.map(({ targetId, before, after }) => [targetId, before, after])).toEqual([['1004', { enabled: before!.enabled }, { enabled: !before!.enabled }]])
  })
})
