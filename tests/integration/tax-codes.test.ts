import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TAX_CODE_TARGETS, TAX_CODES } from '../../packages/sdk/src/domain/index'
import { firmTaxCodeTargets } from '../../packages/server/src/models/tax-codes'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 12, the firm's tax code table: every portal tax code with the BMD steuercode and DATEV BU-Schlüssel the export
// writes. Staff (acc, exp) read it, only adm changes it, every change is recorded with who, when, old → new, and the
// export's table (firmTaxCodeTargets) follows at once.

describe('tax code table', () => {
  let server: TestServer
  let admin: UserSession
  let staff: UserSession
  let client: UserSession

  beforeAll(async () => {
    server = await startTestServer()
    admin = await signInSession(server.url, 'admin@demo.portal')
    staff = await signInSession(server.url, 'staff@demo.portal')
    client = await signInSession(server.url, 'client@demo.portal')
  })
  afterAll(async () => {
    for (const session of [admin, staff, client]) session?.client.close()
    await server?.close()
  })

  it('lists every portal tax code with its documented defaults until the firm changes one', async () => {
    const lines = await staff.client.service('tax-codes').find()
    expect(lines.map((line) => line.code)).toEqual(TAX_CODES.map((definition) => definition.code))
    expect(lines.find((line) => line.code === 'V20')).toMatchObject({
      side: 'input',
      rate: 20,
      bmdSteuercode: '2',
      datevBu: '9',
      defaultBmdSteuercode: '2',
      defaultDatevBu: '9',
      defaultBmdSource: 'default',
      defaultDatevSource: 'vendor',
      changed: false,
      updatedBy: null,
    })
    expect(lines.find((line) => line.code === 'VRC20')).toMatchObject({ bmdSteuercode: '19', datevBu: '94' })
  })

  it('lets an administrator change a line, records who changed what, and the export uses it; null goes back to the default', async () => {
    const changed = await admin.client.service('tax-codes').patch('U13', { datevBu: '14' })
    expect(changed).toMatchObject({ code: 'U13', bmdSteuercode: '1', datevBu: '14', changed: true, updatedBy: 'Anna Huber' })
    expect(changed.history).toEqual([
      expect.objectContaining({ by: 'Anna Huber', oldBmdSteuercode: '1', oldDatevBu: '4', newBmdSteuercode: '1', newDatevBu: '14' }),
    ])
    expect((await firmTaxCodeTargets(server.knex)).find((line) => line.code === 'U13')).toEqual({ code: 'U13', bmdSteuercode: '1', datevBu: '14' })
    expect((await staff.client.service('tax-codes').find()).find((line) => line.code === 'U13')?.datevBu).toBe('14')

    const reset = await admin.client.service('tax-codes').patch('U13', { datevBu: null })
    expect(reset).toMatchObject({ datevBu: '4', changed: false })
    expect(reset.history?.map((entry) => `${entry.oldDatevBu}→${entry.newDatevBu}`)).toEqual(['14→4', '4→14'])
    expect(await firmTaxCodeTargets(server.knex)).toEqual(DEFAULT_TAX_CODE_TARGETS.map(({ code, bmdSteuercode, datevBu }) => ({ code, bmdSteuercode, datevBu })))
  })

  it('refuses unknown codes and values out of range, naming the field and the rule, and changes nothing', async () => {
    const tax = admin.client.service('tax-codes')
    expect(await failure(tax.patch('X20', { bmdSteuercode: '2' }))).toMatchObject({ code: 400, data: { key: 'accounts:refusal.unknownTaxCode', params: { field: 'code' } } })
    expect(await failure(tax.patch('V20', { bmdSteuercode: '100' }))).toMatchObject({ code: 400, data: { key: 'accounts:refusal.bmdSteuercode', params: { field: 'bmdSteuercode', rule: 'digits0to99' } } })
    expect(await failure(tax.patch('V20', { bmdSteuercode: '' }))).toMatchObject({ code: 400, data: { params: { field: 'bmdSteuercode' } } })
    expect(await failure(tax.patch('V20', { datevBu: '12345' }))).toMatchObject({ code: 400, data: { key: 'accounts:refusal.datevBu', params: { field: 'datevBu' } } })
    expect(await failure(tax.patch('V20', { datevBu: '9a' }))).toMatchObject({ code: 400, data: { params: { field: 'datevBu' } } })
    expect((await tax.get('V20')).history).toEqual([])
  })

  it('keeps changes to administrators and reading to staff with acc or exp', async () => {
    expect((await failure(staff.client.service('tax-codes').patch('V20', { datevBu: '90' }))).code).toBe(403)
    expect((await failure(client.client.service('tax-codes').find())).code).toBe(403)
    expect((await staff.client.service('tax-codes').get('V20')).datevBu).toBe('9')
  })
})
