import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FonImport, FonItem } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { EXPECTED_ASSESSMENTS, EXPECTED_RETURNS, expectedKey, generateFonFiles } from '../support/fon-files'
import { importAndWait } from '../support/fon-import'
import { connectAs, failure, nextEvent, type Connection } from './services.support'

// Three years back, so every appointment date is past whenever this runs and the figures are final.
const YEAR = new Date().getUTCFullYear() - 3

describe('FON quota monitoring: imports, reconciliation, quota, resolve and reopen', () => {
  let server: TestServer
  let admin: Connection
  let colleague: Connection
  const files = generateFonFiles({ year: YEAR })
  const itemsByKey = async () => {
    const page = await admin.app.service('fon-items').find({ query: { year: YEAR, $limit: 1000 } })
    return new Map(page.data.map((item) => [`${item.taxId}|${item.returnType}|${item.year}`, item]))
  }
  const itemCount = async () => Number((await server.knex('fon_items').count('* as n').first())!.n)

  beforeAll(async () => {
    server = await startTestServer()
    admin = await connectAs(server.url, 'admin')
    colleague = await connectAs(server.url, 'admin')
  })

  afterAll(async () => {
    admin?.close()
    colleague?.close()
    await server?.close()
  })

  it('says the data may be stale before anything is imported, and the two-factor notice', async () => {
    const overview = await admin.app.service('fon-quota').find()
    expect(overview).toMatchObject({ year: null, stale: 'never', twoFactorMissing: true, dates: [] })
  })

  it('imports the firm’s records (CSV) and the FON quota list (XLSX) as jobs with progress, and reconciles 300 clients item by item', async () => {
    const progress: number[] = []
    const listener = (entry: FonImport) => progress.push(entry.progress)
    colleague.app.service('fon-imports').on('patched', listener)
    const records = await importAndWait(admin.app, { kind: 'records', fileName: 'ntcs-export.csv', bytes: files.recordsCsv })
    expect(records).toMatchObject({ state: 'done', rows: 290, progress: 100, problem: null })
    // One side alone reconciles nothing (it would call every return a conflict).
    expect(await itemCount()).toBe(0)
    const quota = await importAndWait(admin.app, { kind: 'quota', fileName: 'fon-quotenliste.xlsx', bytes: await files.quotaXlsx() })
    expect(quota).toMatchObject({ state: 'done', rows: 290, progress: 100 })
    // The colleague's socket gets the last event a moment after the admin's poll saw the job done (red once when two
    // integration files ran at once): wait for it rather than read the list at once.
    await expect.poll(() => progress.at(-1), { timeout: 10_000 }).toBe(100)
    colleague.app.service('fon-imports').removeListener('patched', listener)
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true)

    const items = await itemsByKey()
    expect(items.size).toBe(300)
    for (const expected of files.items) {
      const item = items.get(expectedKey(expected))
      expect({ key: expectedKey(expected), state: item?.state, kind: item?.conflictKind, field: item?.conflictField }).toEqual({
        key: expectedKey(expected),
        state: expected.expectedState,
        kind: expected.expectedKind,
        field: expected.expectedField,
      })
      if (expected.inFon) expect(item!.receivedOn).toBe(expected.receivedOn)
      if (expected.inRecords && expected.expectedField !== 'taxId') expect(item!.submittedOn).toBe(expected.submittedOn)
    }
    // Without two-factor authentication the cash-register states are not taken.
    expect([...items.values()].every((item) => item.regKassa === null)).toBe(true)
  })

  it('answers the quota per appointment date as computed by hand, business assessments included', async () => {
    const overview = await admin.app.service('fon-quota').find({ query: { year: YEAR } })
    expect(overview.years).toEqual([YEAR])
    expect(overview.stale).toBeNull()
    const pick = (group: string) =>
      overview.dates.filter((date) => date.group === group).map(({ targetPercent, achieved, total, achievedPercent, required, outlook }) => ({ targetPercent, achieved, total, achievedPercent, required, outlook }))
    expect(pick('returns')).toEqual(EXPECTED_RETURNS)
    expect(pick('assessments')).toEqual(EXPECTED_ASSESSMENTS)
    expect(overview.counts).toMatchObject({ notRelevant: 20, noNTCSRecord: 10, dataConflict: 40, open: 16, submitted: 214 })
  })

  it('previews an import with a dry run: what it would change, storing nothing', async () => {
    const imports = await server.knex('fon_imports').count('* as n').first()
    const items = await server.knex('fon_items').orderBy('id').select('id', 'state', 'version')
    const announced: FonImport[] = []
    const listener = (entry: FonImport) => announced.push(entry)
    colleague.app.service('fon-imports').on('created', listener)
    const same = await admin.app.service('fon-imports').create({ kind: 'quota', fileName: 'fon.csv', content: Buffer.from(files.quotaCsv).toString('base64'), dryRun: true })
    expect(same).toMatchObject({ id: 0, rows: 290, preview: { items: 300, changed: 0, removed: 0, reconciles: true, states: { notRelevant: 20, noNTCSRecord: 10, dataConflict: 40, open: 16, submitted: 214 } } })
    // Without the first record, its return becomes FON's alone: one item changes to noNTCSRecord.
    const lines = files.recordsCsv.trimEnd().split('\n')
    const fewer = await admin.app.service('fon-imports').create({ kind: 'records', fileName: 'ntcs.csv', content: Buffer.from([lines[0], ...lines.slice(2)].join('\n')).toString('base64'), dryRun: true })
    expect(fewer.preview).toMatchObject({ items: 300, changed: 1, states: { noNTCSRecord: 11 } })
    expect(await server.knex('fon_imports').count('* as n').first()).toEqual(imports)
    expect(await server.knex('fon_items').orderBy('id').select('id', 'state', 'version')).toEqual(items)
    // A preview is the asker's answer, not an import: other administrators' screens are not told of one.
    await new Promise((resolve) => setTimeout(resolve, 500))
    colleague.app.service('fon-imports').removeListener('created', listener)
    expect(announced).toEqual([])
  })

  it('says the data may be stale once the last import is more than 7 days old', async () => {
    await server.knex('fon_imports').update({ finished_at: server.knex.raw(`finished_at - interval '8 days'`) })
    expect((await admin.app.service('fon-quota').find()).stale).toBe('old')
    await server.knex('fon_imports').update({ finished_at: server.knex.raw(`finished_at + interval '8 days'`) })
    expect((await admin.app.service('fon-quota').find()).stale).toBeNull()
  })

  it('filters by state, conflict kind, return type and the responsible employee, with server paging', async () => {
    const conflicts = await admin.app.service('fon-items').find({ query: { state: 'dataConflict', $limit: 10 } })
    expect(conflicts.total).toBe(40)
    expect(conflicts.data).toHaveLength(10)
    const next = await admin.app.service('fon-items').find({ query: { state: 'dataConflict', $limit: 10, $skip: 10 } })
    expect(next.data.map((item) => item.id)).not.toContain(conflicts.data[0].id)
    const fonSide = await admin.app.service('fon-items').find({ query: { conflictKind: 'fonMismatch', $limit: 100 } })
    expect(fonSide.total).toBe(20)
    const assessments = await admin.app.service('fon-items').find({ query: { returnType: 'F', $limit: 0 } })
    expect(assessments.total).toBe(40)

    const staff = await server.knex('users').where({ email: 'staff@demo.portal' }).first('id')
    await server.knex('client_responsibility').insert({ company_no: 1003, staff_id: staff.id })
    const mine = await admin.app.service('fon-items').find({ query: { employee: 'staff@demo.portal', $limit: 100 } })
    const expectedMine = files.items.filter((item) => item.inRecords && item.companyNo === 1003)
    expect(mine.total).toBe(expectedMine.length)
    expect(mine.data.every((item) => item.employeeEmail === 'staff@demo.portal' && item.companyId === 1003)).toBe(true)
  })

  it('resolves a conflict with a remark (who, when, remark in its history and the audit log), live to a colleague, and reopens it', async () => {
    const [conflict] = (await admin.app.service('fon-items').find({ query: { conflictKind: 'ntcsMismatch', $limit: 1 } })).data
    const seen = nextEvent<FonItem>(colleague.app, 'fon-items', 'patched', 5000)
    const resolved = await admin.app.service('fon-items').patch(conflict.id, { action: 'resolve', remark: 'Abgabe telefonisch mit FA bestätigt', version: conflict.version })
    const adminName = `${admin.session!.user.firstName} ${admin.session!.user.lastName}`
    expect(resolved).toMatchObject({ state: 'resolvedManually', remark: 'Abgabe telefonisch mit FA bestätigt', resolvedBy: adminName, conflictKind: 'ntcsMismatch' })
    expect(resolved.resolvedAt).not.toBeNull()
    expect(await seen).toMatchObject({ id: conflict.id, state: 'resolvedManually' })
    const withHistory = await admin.app.service('fon-items').get(conflict.id)
    expect(withHistory.history![0]).toMatchObject({ action: 'resolved', fromState: 'dataConflict', toState: 'resolvedManually', remark: 'Abgabe telefonisch mit FA bestätigt', actorName: adminName })
    expect(await server.knex('audit_log').where({ entity: 'fonItem', entity_id: String(conflict.id), action: 'fonItem.resolve' }).first('after')).toMatchObject({
      after: { state: 'resolvedManually', remark: 'Abgabe telefonisch mit FA bestätigt' },
    })
    const byKind = await admin.app.service('fon-items').find({ query: { conflictKind: 'resolvedManually' } })
    expect(byKind.data.map((item) => item.id)).toEqual([conflict.id])

    // The same conflict in a new import stays resolved.
    await importAndWait(admin.app, { kind: 'quota', fileName: 'fon-quotenliste.csv', bytes: files.quotaCsv })
    expect((await admin.app.service('fon-items').get(conflict.id)).state).toBe('resolvedManually')

    // A stale version is refused; reopening goes back to the conflict, the remark stays in the history.
    expect(await failure(admin.app.service('fon-items').patch(conflict.id, { action: 'reopen', version: conflict.version }))).toMatchObject({ code: 409 })
    const reopened = await admin.app.service('fon-items').patch(conflict.id, { action: 'reopen' })
    expect(reopened).toMatchObject({ state: 'dataConflict', remark: null, resolvedBy: null })
    const history = (await admin.app.service('fon-items').get(conflict.id)).history!
    expect(history.map((entry) => entry.action).slice(0, 2)).toEqual(['reopened', 'resolved'])
  })

  it('refuses a resolve without a remark and changes nothing', async () => {
    const [conflict] = (await admin.app.service('fon-items').find({ query: { state: 'noNTCSRecord', $limit: 1 } })).data
    for (const remark of [undefined, '', '   ']) {
      const error = await failure(admin.app.service('fon-items').patch(conflict.id, { action: 'resolve', remark }))
      expect(error).toMatchObject({ code: 400, data: { key: 'fon:errors.remarkRequired', params: { field: 'remark' } } })
    }
    const after = await admin.app.service('fon-items').get(conflict.id)
    expect(after).toMatchObject({ state: 'noNTCSRecord', version: conflict.version, remark: null })
    // A submitted item is no conflict to resolve.
    const [submitted] = (await admin.app.service('fon-items').find({ query: { state: 'submitted', $limit: 1 } })).data
    expect(await failure(admin.app.service('fon-items').patch(submitted.id, { action: 'resolve', remark: 'x' }))).toMatchObject({ code: 400, data: { key: 'fon:errors.notResolvable' } })
  })

  it('refuses a file with a bad row naming row, column and rule, changes nothing, and shows the stale-data note', async () => {
    const before = await server.knex('fon_items').orderBy('id').select('id', 'state', 'version')
    const records = await server.knex('fon_records').count('* as n').first()
    const lines = files.recordsCsv.trimEnd().split('\n')
    // Line 5 of the file gets a tax number of 5 digits.
    const cells = lines[4].split(';')
    cells[1] = '12345'
    lines[4] = cells.join(';')
    const error = await failure(admin.app.service('fon-imports').create({ kind: 'records', fileName: 'broken.csv', content: Buffer.from(lines.join('\n')).toString('base64') }))
    expect(error).toMatchObject({ code: 400, data: { key: 'fon:errors.badFile', params: { row: 5, column: 'taxId', rule: 'taxId', value: '12345' } } })
    expect(await server.knex('fon_items').orderBy('id').select('id', 'state', 'version')).toEqual(before)
    expect(await server.knex('fon_records').count('* as n').first()).toEqual(records)
    const overview = await admin.app.service('fon-quota').find({ query: { year: YEAR } })
    expect(overview.stale).toBe('failed')
    expect(overview.imports.records).toMatchObject({ state: 'failed', fileName: 'broken.csv', problem: { row: 5, column: 'taxId', rule: 'taxId' } })

    // A file that is not CSV/XLSX at all, and a header without a required column.
    expect(await failure(admin.app.service('fon-imports').create({ kind: 'quota', fileName: 'x.xlsx', content: Buffer.from('not a workbook').toString('base64') }))).toMatchObject({
      data: { params: { row: 1, rule: 'unreadable' } },
    })
    expect(await failure(admin.app.service('fon-imports').create({ kind: 'quota', fileName: 'x.csv', content: Buffer.from('taxId;name;year\n123456789;A;2025\n').toString('base64') }))).toMatchObject({
      data: { params: { row: 1, column: 'quotenArt', rule: 'missingColumn' } },
    })
  })

  it('keeps the FON user form rules, never answers the PIN, and takes the cash-register states once two-factor is set up', async () => {
    expect(await failure(admin.app.service('fon-settings').patch('fon', { participantId: 'abc', userId: 'WEB1' }))).toMatchObject({
      code: 400,
      data: { key: 'validation:number', params: { field: 'participantId' } },
    })
    expect(await failure(admin.app.service('fon-settings').patch('fon', { participantId: '123456', userId: ' ' }))).toMatchObject({ data: { params: { field: 'userId', rule: 'notEmpty' } } })
    const saved = await admin.app.service('fon-settings').patch('fon', { participantId: '123456', userId: 'WEB1', pin: 'geheim-1234', twoFactor: true })
    expect(saved).toMatchObject({ participantId: '123456', userId: 'WEB1', pinSet: true, twoFactor: true })
    expect(JSON.stringify(await admin.app.service('fon-settings').get('fon'))).not.toContain('geheim')
    await importAndWait(admin.app, { kind: 'quota', fileName: 'fon-quotenliste.xlsx', bytes: await files.quotaXlsx() })
    const withRegKassa = await admin.app.service('fon-items').find({ query: { $limit: 1000 } })
    expect(new Set(withRegKassa.data.map((item) => item.regKassa))).toEqual(new Set([null, 'inOperation', 'outOfOperation', 'registered', 'failure', 'noPermission']))
    expect((await admin.app.service('fon-quota').find()).twoFactorMissing).toBe(false)
  })

  it('refuses non-admins on every method', async () => {
    const staff = await connectAs(server.url, 'staff')
    try {
      const calls: Promise<unknown>[] = [
        staff.app.service('fon-items').find(),
        staff.app.service('fon-items').get(1),
        staff.app.service('fon-items').patch(1, { action: 'resolve', remark: 'x' }),
        staff.app.service('fon-items').patch(1, { action: 'reopen' }),
        staff.app.service('fon-imports').find(),
        staff.app.service('fon-imports').get(1),
        staff.app.service('fon-imports').create({ kind: 'records', fileName: 'a.csv', content: Buffer.from(files.recordsCsv).toString('base64') }),
        staff.app.service('fon-quota').find(),
        staff.app.service('fon-settings').get('fon'),
        staff.app.service('fon-settings').patch('fon', { twoFactor: false }),
      ]
      for (const call of calls) expect((await failure(call)).code).toBe(403)
      expect((await admin.app.service('fon-items').get(1)).state).toBeDefined()
    } finally {
      staff.close()
    }
  })
})
