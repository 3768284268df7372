import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentRecord, SupplierAccount } from '../../packages/sdk/src/services/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { accountDefaults } from '../../packages/server/src/models/accounts'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadAndRead, type UserSession } from '../support/session'
import { failure, nextEvent } from './services.support'

// Issue 12, suppliers and customers: staff (acc; companies 1001..1005) create and edit accounts with checked VAT id and
// IBAN and booking defaults; duplicates are refused naming the account that has them; created and patched events reach
// the company's connections only; the extraction matches a new account at once. The client (1002, no acc) reads only.

/** The UID printed on supplierInvoicePdf (Tischlerei Berger GmbH), which no demo account has. */
const BERGER_VAT_ID = 'ATU13585627'
/** A valid Austrian IBAN no demo account has. */
const IBAN = 'AT61 1904 3002 3457 3201'

describe('suppliers and customers', () => {
  let server: TestServer
  let staff: UserSession
  let staffElsewhere: UserSession
  let client: UserSession
  let number = 331000

  const accounts = (user: UserSession) => user.client.service('acc-suppliers')
  const nextNumber = () => ++number

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    staffElsewhere = await signInSession(server.url, 'staff@demo.portal')
    client = await signInSession(server.url, 'client@demo.portal')
  })
  afterAll(async () => {
    for (const session of [staff, staffElsewhere, client]) session?.client.close()
    await server?.close()
  })

  it('creates a supplier with address and booking defaults in the current accounting, the number deciding its kind', async () => {
    const account = nextNumber()
    const created = await accounts(staff).create({
      client: 1001,
      account,
      name: 'Holzbau Maier GmbH',
      vat_id: 'atu 1358 5627',
      iban: IBAN,
      street: 'Industriestraße 4',
      zip: '4600',
      town: 'Wels',
      country: 'at',
      counter_account: 5020,
      tax_code: 'V20',
      cost_center: '100',
    })
    expect(created).toMatchObject({
      company_no: 1001,
      accounting: 2026,
      account,
      type: 3,
      vat_id: BERGER_VAT_ID,
      iban: 'AT611904300234573201',
      country: 'AT',
      counter_account: 5020,
      tax_code: 'V20',
      cost_center: '100',
    })
    expect(await accountDefaults(server.knex, 1001, account)).toEqual({ counterAccount: 5020, taxCode: 'V20', costCenter: '100' })
    const customer = await accounts(staff).create({ client: 1001, account: 200777, name: 'Gasthaus Lind' })
    expect(customer.type).toBe(2)
    const found = await accounts(staff).find({ query: { client: 1001, acc: 'bmd', types: [3, 4], search: '1358 5627' } })
    expect(found.data.map((row) => row.account)).toEqual([account])
  })

  it('edits name, address and defaults, and clears a default with null', async () => {
    const created = await accounts(staff).create({ client: 1002, account: nextNumber(), name: 'Druckerei Rauch', tax_code: 'V10' })
    const patched = await accounts(staff).patch(created.id, { name: 'Druckerei Rauch KG', town: 'Steyr', tax_code: null, counter_account: 7600 })
    expect(patched).toMatchObject({ name: 'Druckerei Rauch KG', town: 'Steyr', tax_code: null, counter_account: 7600 })
    expect(patched.updated_at).not.toBeNull()
  })

  it('refuses a bad VAT id, a bad IBAN, unknown defaults and numbers of the wrong kind, naming the field, and stores nothing', async () => {
    const base = { client: 1003, name: 'Fehler GmbH' }
    const badVat = await failure(accounts(staff).create({ ...base, account: nextNumber(), vat_id: 'ATU13585628' }))
    expect(badVat).toMatchObject({ code: 400, data: { key: 'validation:vatId.checkFailed', params: { field: 'vat_id' } } })
    const badIban = await failure(accounts(staff).create({ ...base, account: nextNumber(), iban: 'AT61 1904 3002 3457 3202' }))
    expect(badIban).toMatchObject({ code: 400, data: { params: { field: 'iban' } } })
    const badTax = await failure(accounts(staff).create({ ...base, account: nextNumber(), tax_code: 'X20' }))
    expect(badTax).toMatchObject({ code: 400, data: { key: 'accounts:refusal.unknownTaxCode', params: { field: 'tax_code' } } })
    const badCounter = await failure(accounts(staff).create({ ...base, account: nextNumber(), counter_account: 4711 }))
    expect(badCounter).toMatchObject({ code: 400, data: { key: 'errors:account.notFound', params: { field: 'counter_account' } } })
    const badCenter = await failure(accounts(staff).create({ ...base, account: nextNumber(), cost_center: 'NOPE' }))
    expect(badCenter).toMatchObject({ code: 400, data: { key: 'accounts:refusal.unknownCostCenter', params: { field: 'cost_center' } } })
    const customerAsSupplier = await failure(accounts(staff).create({ ...base, account: 250000, type: 3 }))
    expect(customerAsSupplier).toMatchObject({ code: 400, data: { key: 'errors:query.supplierRange' } })
    const supplierAsCustomer = await failure(accounts(staff).create({ ...base, account: 350000, type: 2 }))
    expect(supplierAsCustomer).toMatchObject({ code: 400, data: { key: 'errors:query.customerRange' } })
    const found = await accounts(staff).find({ query: { client: 1003, acc: 'bmd', types: [2, 3, 4], search: 'Fehler' } })
    expect(found.total).toBe(0)
  })

  it('refuses a VAT id or IBAN another account of the company has, naming that account; another company may have them', async () => {
    const first = await accounts(staff).create({ client: 1004, account: nextNumber(), name: 'Elektro Gruber GmbH', vat_id: 'ATU 13585627', iban: IBAN })
    const sameVat = await failure(accounts(staff).create({ client: 1004, account: nextNumber(), name: 'Gruber Elektro', vat_id: BERGER_VAT_ID }))
    expect(sameVat).toMatchObject({
      code: 409,
      data: { key: 'accounts:refusal.duplicateVatId', params: { field: 'vat_id', account: first.account, name: 'Elektro Gruber GmbH' } },
    })
    expect(sameVat.message).toContain(`account ${first.account} Elektro Gruber GmbH`)
    const other = await accounts(staff).create({ client: 1004, account: nextNumber(), name: 'Gruber Service' })
    const sameIban = await failure(accounts(staff).patch(other.id, { iban: 'at611904300234573201' }))
    expect(sameIban).toMatchObject({ code: 409, data: { key: 'accounts:refusal.duplicateIban', params: { field: 'iban', account: first.account } } })
    expect((await accounts(staff).get(other.id)).iban).toBeNull()
    // Its own VAT id again is no duplicate; another company is another book.
    expect((await accounts(staff).patch(first.id, { vat_id: BERGER_VAT_ID })).vat_id).toBe(BERGER_VAT_ID)
    expect((await accounts(staff).create({ client: 1005, account: nextNumber(), name: 'Elektro Gruber GmbH', vat_id: BERGER_VAT_ID })).company_no).toBe(1005)
  })

  it('refuses a user without acc and a foreign company', async () => {
    const noAcc = await failure(accounts(client).create({ client: 1002, account: nextNumber(), name: 'Nicht erlaubt' }))
    expect(noAcc.code).toBe(403)
    const foreign = await failure(accounts(staff).create({ client: 1006, account: nextNumber(), name: 'Fremd GmbH' }))
    expect(foreign.code).toBe(403)
    const created = await accounts(staff).create({ client: 1002, account: nextNumber(), name: 'Sichtbar GmbH' })
    expect((await failure(accounts(client).patch(created.id, { town: 'Wien' }))).code).toBe(403)
  })

  it('sends created and patched to the connections of the company only', async () => {
    const seenElsewhere = nextEvent<SupplierAccount>(staffElsewhere.client.app, 'acc-suppliers', 'created', 5000)
    const seenByClient = nextEvent<SupplierAccount>(client.client.app, 'acc-suppliers', 'created', 1500)
    const created = await accounts(staff).create({ client: 1003, account: nextNumber(), name: 'Live Lieferant GmbH' })
    expect((await seenElsewhere)?.name).toBe('Live Lieferant GmbH')
    expect(await seenByClient).toBeUndefined()
    const patchedElsewhere = nextEvent<SupplierAccount>(staffElsewhere.client.app, 'acc-suppliers', 'patched', 5000)
    await accounts(staff).patch(created.id, { town: 'Leoben' })
    expect((await patchedElsewhere)?.town).toBe('Leoben')
    // Company 1002 is the client's: its event reaches them.
    const clientSees = nextEvent<SupplierAccount>(client.client.app, 'acc-suppliers', 'created', 5000)
    await accounts(staff).create({ client: 1002, account: nextNumber(), name: 'Für den Klienten GmbH' })
    expect((await clientSees)?.name).toBe('Für den Klienten GmbH')
  })

  it('matches an invoice read after the account was created to that account at once', async () => {
    const upload = async (reference: string) =>
      uploadAndRead(server.url, staff, 1002, { name: `${reference}.pdf`, bytes: await supplierInvoicePdf(reference, '120,00') }, 'er_u')
    /** The account the document is matched to: the one booking proposes (the documents row's booking column). */
    const matchedAccount = async (document: DocumentRecord) =>
      ((await server.knex('documents').where({ id: document.id }).first('account_number')) as { account_number: number | null })
        .account_number
    const before = await upload('MATCH-0001')
    expect(await matchedAccount(before)).toBeNull()
    // Another name than the invoice's, so only the VAT id can match.
    const created = await accounts(staff).create({ client: 1002, account: nextNumber(), name: 'Berger Tischlerei', vat_id: BERGER_VAT_ID })
    const after = await upload('MATCH-0002')
    expect(await matchedAccount(after)).toBe(created.account)
  })
})
