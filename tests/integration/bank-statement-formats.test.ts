import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendImportFile } from '../../packages/sdk/src/client/index'
import { BANK_TERMS_VERSION } from '../../packages/sdk/src/domain/index'
import type { BankAccessRecord, BankImportResult, BankTransactionRecord } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 33, bank statements as banks send them, through the import door (POST /api/import-files/bank-statements) with
// the file's bytes: several accounts in one MT940 file, SWIFT envelopes, CAMT amounts of up to five decimals,
// camt.053.001.08, Austrian STUZZA MT940, camt.054 collective bookings, and MT940 duplicates without references.
// Real server, PGlite or PostgreSQL. The fixtures are written for these tests after the layouts of public samples.

const ACCOUNT_A = 'AT402011182221219900'
const ACCOUNT_B = 'AT483200000012345864'
const ACCOUNT_C = 'AT053600000000123456'
/** :25:20815/00012345678 of the STUZZA file, as an IBAN. */
const ACCOUNT_STUZZA = 'AT022081500012345678'
const ACCOUNT_NOREF = 'AT641200010123456789'
/** A valid IBAN the company has no access to. */
const FOREIGN = 'AT211400000087654321'

const bytes = (name: string): Buffer => readFileSync(new URL(`../fixtures/banking/${name}`, import.meta.url))
/** The file as the browser sends it: its bytes unchanged. */
const blob = (file: Buffer | string): Blob => new Blob([typeof file === 'string' ? file : new Uint8Array(file)])

describe('bank statement formats through the import door', () => {
  let server: TestServer
  let admin: UserSession
  const accesses = new Map<string, BankAccessRecord>()

  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' } })
    admin = await signInSession(server.url, 'admin@demo.portal')
    await admin.client.service('bank-terms').create({ client: 1001, version: BANK_TERMS_VERSION, language: 'de' })
    for (const iban of [ACCOUNT_A, ACCOUNT_B, ACCOUNT_C, ACCOUNT_STUZZA, ACCOUNT_NOREF]) {
      const requested = await admin.client.service('bank-accesses').create({ client: 1001, iban })
      accesses.set(iban, await admin.client.service('bank-approvals').patch(requested.id, { decision: 'approve' }))
    }
  })
  afterAll(async () => {
    admin?.client.close()
    await server?.close()
  })

  const access = (iban: string): number => accesses.get(iban)?.id as number
  /** As the banking screen sends it: the account chosen in the form, the file as it came. */
  const upload = (file: Buffer | string, fileName: string, chosen = ACCOUNT_A): Promise<BankImportResult> =>
    sendImportFile({ server: server.url, token: admin.token, service: 'bank-statements', data: { client: 1001, access_id: access(chosen) }, file: blob(file), fileName })
  const movements = async (iban: string): Promise<BankTransactionRecord[]> =>
    (await admin.client.service('bank-transactions').find({ query: { client: 1001, access_id: access(iban), $limit: 100 } })).data
  const stored = async () => ({
    movements: Number((await server.knex('bank_transactions').count({ n: '*' }).first())?.n),
    statements: Number((await server.knex('bank_statements').count({ n: '*' }).first())?.n),
  })

  it('refuses a multi-account MT940 file naming the statement whose account the company does not have, storing nothing', async () => {
    const before = await stored()
    const file = Buffer.from(bytes('mt940-swift-three-accounts.sta').toString('latin1').replace(ACCOUNT_C, FOREIGN), 'latin1')
    const refused = await failure(upload(file, 'drei-konten.sta'))
    expect(refused).toMatchObject({ code: 400, data: { key: 'banking:error.noAccessForAccount', params: { field: 'file', statement: 'RLB260302/00003/001', iban: FOREIGN } } })
    expect(await stored()).toEqual(before)
  })

  it('splits a multi-account MT940 file in SWIFT envelopes (start-of-header bytes, {1:}{2:}{3:}{4: blocks) per account', async () => {
    const result = await upload(bytes('mt940-swift-three-accounts.sta'), 'drei-konten.sta')
    expect(result).toMatchObject({ format: 'mt940', statements: ['GIBA260302001/00061/001', 'RZBA260302/00012/001', 'RLB260302/00003/001'], added: 6, duplicates: 0 })
    expect(result.accounts).toEqual([
      { access_id: access(ACCOUNT_A), iban: ACCOUNT_A, statements: ['GIBA260302001/00061/001'], added: 3, duplicates: 0 },
      { access_id: access(ACCOUNT_B), iban: ACCOUNT_B, statements: ['RZBA260302/00012/001'], added: 2, duplicates: 0 },
      { access_id: access(ACCOUNT_C), iban: ACCOUNT_C, statements: ['RLB260302/00003/001'], added: 1, duplicates: 0 },
    ])
    const a = await movements(ACCOUNT_A)
    expect(a.map((row) => row.amount).sort()).toEqual(['-150.00', '-49.90', '1200.00'])
    expect(a.find((row) => row.amount === '1200.00')).toMatchObject({ counterparty_name: 'Muster Handels GmbH', counterparty_iban: 'AT791400000012345678', remittance: 'Rechnung AR-2026-0101', bank_reference: '26030200123' })
    expect(a.find((row) => row.amount === '-49.90')).toMatchObject({ end_to_end_id: 'LS-778', mandate_id: 'M-1', remittance: 'Strom März' })
    expect((await movements(ACCOUNT_B)).map((row) => row.remittance).sort()).toEqual(['Gutschrift Café Central Teilzahlung', 'Spesen'])
    expect(await movements(ACCOUNT_C)).toMatchObject([{ amount: '300.00', balance_after: '200.00' }])
    // The same file again adds nothing anywhere.
    expect(await upload(bytes('mt940-swift-three-accounts.sta'), 'drei-konten.sta')).toMatchObject({ added: 0, duplicates: 6 })
  })

  it('reads the Austrian STUZZA MultiBank MT940: bank code/account in :25:, GVC and ?00–?33 subfields wrapped at 65 characters', async () => {
    const result = await upload(bytes('mt940-stuzza-multibank.sta'), 'stuzza.sta')
    expect(result).toMatchObject({ format: 'mt940', statements: ['STUZZA2603/00045/001'], added: 3, accounts: [{ iban: ACCOUNT_STUZZA, added: 3 }] })
    const rows = await movements(ACCOUNT_STUZZA)
    expect(rows.find((row) => row.amount === '1250.00')).toMatchObject({
      counterparty_name: 'Gasthof Zur Post Wirtschafts GmbH',
      counterparty_iban: 'AT611904300234573201',
      remittance: 'Rechnung AR-2026-0102 vom 02.02.2026 Kundennr. 4711',
      booking_text: 'Gutschrift Überweisung',
      bank_reference: 'BA2603030001',
      is_return: false,
    })
    expect(rows.find((row) => row.amount === '-312.40')).toMatchObject({ end_to_end_id: 'ABR-2026-03', mandate_id: 'AT-ENERGIE-12', remittance: 'Abrechnung März 2026', counterparty_name: 'Tiroler Wasserkraft AG' })
    // GVC 109: a returned direct debit.
    expect(rows.find((row) => row.amount === '-80.00')).toMatchObject({ is_return: true, end_to_end_id: 'LS-2026-0042', remittance: 'Rückbelastung mangels Deckung' })
  })

  it('reads the same statement inside a SWIFT envelope with LF lines as the same movements', async () => {
    const plain = bytes('mt940-stuzza-multibank.sta').toString('latin1').replace(/\r\n/g, '\n')
    const wrapped = `{1:F01BKAUATWWAXXX0000000000}{2:O9401200260305BKAUATWWAXXX00000000002603051200N}{4:\n${plain.replace(/-\n$/, '')}-}{5:{CHK:ABCDEF012345}}\n`
    expect(await upload(Buffer.from(wrapped, 'latin1'), 'stuzza-swift.sta')).toMatchObject({ added: 0, duplicates: 3 })
  })

  it('reads camt.053.001.08 amounts of three and five decimals exactly; the balance check uses all five', async () => {
    const result = await upload(bytes('camt053-v08-decimals-batch.xml'), 'v08.xml')
    expect(result).toMatchObject({ format: 'camt053', statements: ['2026-03-05-00064'], added: 4 })
    const rows = await movements(ACCOUNT_A)
    const of = (reference: string) => rows.find((row) => row.bank_reference === reference)
    expect(of('2026030400001')).toMatchObject({ amount: '8.85', counterparty_name: 'Zinsgutschrift Treuhand' })
    expect(of('2026030400002')).toMatchObject({ amount: '1200.00', end_to_end_id: 'AR-2026-0110' })
    expect(of('2026030400003')).toMatchObject({ amount: '-0.12345', booking_text: 'Kursdifferenz Fremdwährung' })
    expect(of('2026030400004')).toMatchObject({ amount: '450.00', batch_reference: '2026030400004' })
    expect(rows.find((row) => row.balance_after === '1758.72655')).toBeDefined()
  })

  it('refuses an amount of more than five decimals naming the element and the rule, storing nothing', async () => {
    const before = await stored()
    const xml = bytes('camt053-v08-decimals-batch.xml').toString('utf8').replace('<Amt Ccy="EUR">8.850</Amt>', '<Amt Ccy="EUR">8.8500001</Amt>')
    expect(await failure(upload(xml, 'zu-genau.xml'))).toMatchObject({ code: 400, data: { key: 'banking:error.file.amount', params: { statement: '2026-03-05-00064', detail: 'Ntry/Amt', value: '8.8500001' } } })
    const noAmount = bytes('camt053-v08-decimals-batch.xml').toString('utf8').replace('<Amt Ccy="EUR">100.000</Amt>', '')
    expect(await failure(upload(noAmount, 'ohne-betrag.xml'))).toMatchObject({ code: 400, data: { key: 'banking:error.file.missing', params: { statement: '2026-03-05-00064', detail: 'Bal/Amt' } } })
    expect(await stored()).toEqual(before)
  })

  it('resolves a collective booking with the camt.054 notification into its single items, once', async () => {
    const result = await upload(bytes('camt054-v08-sammler.xml'), 'sammler.xml')
    expect(result).toMatchObject({ format: 'camt054', statements: ['2026-03-05-SAMMLER-1'], added: 3 })
    const items = (await movements(ACCOUNT_A)).filter((row) => row.batch_reference === '2026030400004')
    expect(items.map((row) => row.amount).sort()).toEqual(['100.00', '150.00', '200.00'])
    expect(items.find((row) => row.amount === '100.00')).toMatchObject({ end_to_end_id: 'AR-2026-0111', counterparty_name: 'Café Central e.U.', remittance: 'Rechnung AR-2026-0111' })
    expect(items.find((row) => row.amount === '200.00')).toMatchObject({ structured_reference: 'RF18539007547034' })
    // The items keep the account's balance: the last one ends where the collective booking ended.
    expect(items.map((row) => row.balance_after)).toContain('1758.72655')
    // Neither the notification nor the statement with the total adds anything again.
    expect(await upload(bytes('camt054-v08-sammler.xml'), 'sammler.xml')).toMatchObject({ added: 0, duplicates: 3 })
    expect(await upload(bytes('camt053-v08-decimals-batch.xml'), 'v08.xml')).toMatchObject({ added: 0, duplicates: 4 })
    expect((await movements(ACCOUNT_A)).filter((row) => row.batch_reference === '2026030400004')).toHaveLength(3)
  })

  it('adds nothing when an overlapping MT940 statement without references comes again', async () => {
    expect(await upload(bytes('mt940-noref-0302-0303.sta'), 'bis-0303.sta', ACCOUNT_NOREF)).toMatchObject({ added: 3, duplicates: 0 })
    // The next statement repeats 2 and 3 March (two equal card payments) and adds 4 March.
    expect(await upload(bytes('mt940-noref-0302-0304.sta'), 'bis-0304.sta', ACCOUNT_NOREF)).toMatchObject({ added: 1, duplicates: 3 })
    expect(await upload(bytes('mt940-noref-0302-0303.sta'), 'bis-0303.sta', ACCOUNT_NOREF)).toMatchObject({ added: 0, duplicates: 3 })
    expect((await movements(ACCOUNT_NOREF)).map((row) => row.amount).sort()).toEqual(['-10.00', '-25.00', '-25.00', '100.00'])
  })
})
