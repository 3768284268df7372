import type { Application } from '@feathersjs/feathers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceTypes, SvImport, SvImportCreate } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { SV_ACCOUNTS_CSV, svAuthorizationsCsv, svTransactionsXlsx } from '../support/sv-files'
import { connectAs, failure, type Connection } from './services.support'

async function importAndWait(app: Application<ServiceTypes>, data: Omit<SvImportCreate, 'content'> & { bytes: Uint8Array | string }): Promise<SvImport> {
  const content = Buffer.from(typeof data.bytes === 'string' ? Buffer.from(data.bytes, 'utf8') : data.bytes).toString('base64')
  const created = await app.service('sv-imports').create({ kind: data.kind, fileName: data.fileName, content })
  expect(created.state).toBe('inProgress')
  const deadline = Date.now() + 60_000
  for (;;) {
    const current = await app.service('sv-imports').get(created.id)
    if (current.state !== 'inProgress') return current
    if (Date.now() > deadline) throw new Error(`import ${created.id} still in progress`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('contribution accounts (sv-tool): imports, accounts, payment reference, attention list', () => {
  let server: TestServer
  let admin: Connection
  const counts = async () =>
    Object.fromEntries(
      await Promise.all(['sv_accounts', 'sv_transactions', 'sv_authorizations'].map(async (table) => [table, Number((await server.knex(table).count('* as n').first())!.n)])),
    )

  beforeAll(async () => {
    server = await startTestServer()
    admin = await connectAs(server.url, 'admin')
    const staff = await server.knex('users').where({ email: 'staff@demo.portal' }).first('id')
    await server.knex('client_responsibility').insert({ company_no: 1002, staff_id: staff.id })
  })

  afterAll(async () => {
    admin?.close()
    await server?.close()
  })

  it('refuses transactions of accounts not imported yet, with row, column and rule, recording the failed import', async () => {
    const refused = await failure(admin.app.service('sv-imports').create({ kind: 'transactions', fileName: 'buchungen.xlsx', content: Buffer.from(await svTransactionsXlsx()).toString('base64') }))
    expect(refused).toMatchObject({ code: 400, data: { key: 'admin:sv.errors.badFile', params: { row: 2, column: 'beitragskontonummer', rule: 'unknownAccount', value: '1234567' } } })
    const [last] = (await admin.app.service('sv-imports').find()).data
    expect(last).toMatchObject({ state: 'failed', kind: 'transactions', problem: { row: 2, column: 'beitragskontonummer', rule: 'unknownAccount' } })
  })

  it('checks a file first (dry run): says what it would change and stores nothing', async () => {
    const before = (await admin.app.service('sv-imports').find()).total
    const checked = await admin.app.service('sv-imports').create({ kind: 'accounts', fileName: 'konten.csv', content: Buffer.from(SV_ACCOUNTS_CSV).toString('base64'), dryRun: true })
    expect(checked).toMatchObject({ id: 0, rows: 3, preview: { added: 3, changed: 0, replaced: 0 } })
    const broken = await failure(admin.app.service('sv-imports').create({ kind: 'accounts', fileName: 'k.csv', content: Buffer.from('partner_name\nX\n').toString('base64'), dryRun: true }))
    expect(broken).toMatchObject({ code: 400, data: { params: { rule: 'missingColumn', importId: 0 } } })
    expect((await admin.app.service('sv-imports').find()).total).toBe(before)
    expect(await counts()).toEqual({ sv_accounts: 0, sv_transactions: 0, sv_authorizations: 0 })
  })

  it('imports the accounts (CSV), transactions (XLSX) and authorizations (CSV) as background jobs', async () => {
    const progress: number[] = []
    admin.app.service('sv-imports').on('patched', (entry: SvImport) => progress.push(entry.progress))
    expect(await importAndWait(admin.app, { kind: 'accounts', fileName: 'konten.csv', bytes: SV_ACCOUNTS_CSV })).toMatchObject({ state: 'done', rows: 3, progress: 100 })
    expect(await importAndWait(admin.app, { kind: 'transactions', fileName: 'buchungen.xlsx', bytes: await svTransactionsXlsx() })).toMatchObject({ state: 'done', rows: 4 })
    expect(await importAndWait(admin.app, { kind: 'authorizations', fileName: 'vollmachten.csv', bytes: svAuthorizationsCsv() })).toMatchObject({ state: 'done', rows: 2 })
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true)
    expect(await counts()).toEqual({ sv_accounts: 3, sv_transactions: 4, sv_authorizations: 2 })
  })

  it('lists the accounts with the payment reference of seven- and ten-digit numbers', async () => {
    const page = await admin.app.service('sv-accounts').find()
    expect(page.data.map(({ accountNumber, partnerName, saldo, paymentReference }) => ({ accountNumber, partnerName, saldo, paymentReference }))).toEqual([
      { accountNumber: '7654321', partnerName: 'Ausgeglichen KG', saldo: '0.00', paymentReference: '110007654321' },
      { accountNumber: '0012345678', partnerName: 'Beispiel Bau OG', saldo: '-80.00', paymentReference: '110012345678' },
      { accountNumber: '1234567', partnerName: 'Muster Handels GmbH', saldo: '1250.40', paymentReference: '110001234567' },
    ])
    expect((await admin.app.service('sv-accounts').find({ query: { search: 'muster' } })).data.map((account) => account.accountNumber)).toEqual(['1234567'])
  })

  it('opens an account with its fields, transactions (newest first), authorizations and an EPC QR code for the amount due', async () => {
    const [muster] = (await admin.app.service('sv-accounts').find({ query: { search: 'Muster Handels' } })).data
    const account = await admin.app.service('sv-accounts').get(muster!.id)
    expect(account).toMatchObject({
      kassaMandant: 'ÖGK Wien',
      companyNo: 1002,
      details: { partner_postort: 'Wien', partner_dgnr: '123456', verzugszinsatz_pro_jahr: 4.63, ksb_automatische_zustellung_aktiv: true, gueltig_ab: '2020-01-01', sepa_iban: 'AT611904300234573201' },
    })
    expect(account.transactions.map((t) => [t.buchungsDatum, t.buchungstext, t.soll, t.haben, t.buchungszustand])).toEqual([
      ['2026-10-20', 'Mahnung', null, null, 'MA'],
      ['2026-09-15', 'Beiträge 08/2026', '1250.40', null, null],
      ['2026-08-14', 'Zahlung', null, '1100.00', null],
    ])
    expect(account.authorizations).toMatchObject([{ bevollmaechtigter: 'StB-4711', einsichtKontoinformationen: true, einsichtClearingFaelle: true }])
    expect(account.epc!.payload).toBe('BCD\n002\n1\nSCT\n\nÖsterreichische Gesundheitskasse\nAT483200000012345864\nEUR1250.40\n\n\n110001234567')
    expect(account.epc!.svg).toContain('<svg')
    const [credit] = (await admin.app.service('sv-accounts').find({ query: { search: 'Beispiel' } })).data
    expect((await admin.app.service('sv-accounts').get(credit!.id)).epc).toBeNull()
  })

  it('lists what needs attention — saldo due, dunning, enforcement, expiring authorizations — with the responsible employee', async () => {
    const attention = (await admin.app.service('sv-accounts').find({ query: { attention: true } })).data
    expect(attention.map(({ accountNumber, reasons, companyName, responsibleName }) => ({ accountNumber, reasons, companyName, responsibleName }))).toEqual([
      { accountNumber: '0012345678', reasons: ['authorizationExpiring'], companyName: null, responsibleName: null },
      { accountNumber: '1234567', reasons: ['saldoDue', 'dunning'], companyName: expect.any(String), responsibleName: expect.stringMatching(/\S/) },
    ])
  })

  it('refuses a broken file with row, column and rule and changes nothing; the failed import makes the data stale', async () => {
    const before = await counts()
    const broken = SV_ACCOUNTS_CSV.replace('1.250,40', '12,5,0')
    const refused = await failure(admin.app.service('sv-imports').create({ kind: 'accounts', fileName: 'konten.csv', content: Buffer.from(broken).toString('base64') }))
    expect(refused).toMatchObject({ code: 400, data: { params: { row: 2, column: 'saldo', rule: 'amount', value: '12,5,0' } } })
    const missing = await failure(admin.app.service('sv-imports').create({ kind: 'accounts', fileName: 'k.csv', content: Buffer.from('partner_name\nX\n').toString('base64') }))
    expect(missing).toMatchObject({ data: { params: { row: 1, column: 'beitragskontonummer', rule: 'missingColumn' } } })
    const badStatus = await failure(admin.app.service('sv-imports').create({ kind: 'transactions', fileName: 'b.csv', content: Buffer.from('beitragskontonummer;buchungsDatum;buchungstext;buchungszustand\n1234567;2026-01-01;X;ZZ\n').toString('base64') }))
    expect(badStatus).toMatchObject({ data: { params: { row: 2, column: 'buchungszustand', rule: 'status' } } })
    expect(await counts()).toEqual(before)
    expect((await admin.app.service('sv-imports').find()).data[0]).toMatchObject({ state: 'failed' })
  })

  it('replaces the transactions of the accounts a new file names, and keeps the others', async () => {
    const file = 'beitragskontonummer;buchungsDatum;buchungstext;soll;buchungszustand\n1234567;2026-11-02;Exekutionsantrag;1250,40;EX\n'
    expect(await importAndWait(admin.app, { kind: 'transactions', fileName: 'buchungen-neu.csv', bytes: file })).toMatchObject({ state: 'done', rows: 1 })
    expect(await counts()).toMatchObject({ sv_transactions: 2 })
    const [muster] = (await admin.app.service('sv-accounts').find({ query: { attention: true, search: 'Muster' } })).data
    expect(muster!.reasons).toEqual(['saldoDue', 'enforcement'])
  })
})
