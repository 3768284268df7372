import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { austrianVatId } from '../../packages/server/src/db/seed-demo-ids'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { completeInvoice, uploadAndRead } from '../support/documents'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 31 item 10, a new supplier from the document on the real server: the booking panel's answer offers a new
// account prefilled from the document's seller (name, UID, IBAN, country, payment terms, the next free number); created,
// it is the account of this document and is suggested for the supplier's next document by UID or IBAN, even one read
// before the account existed. A UID that fails its check is kept, with its failed check, when asked to.

const COMPANY = 1002
const TERMS = 'Zahlbar innerhalb von 10 Tagen mit 2,5 % Skonto oder 30 Tage netto.'
const IBAN = 'AT611904300234573201'

describe('a new supplier account from the document', () => {
  let server: TestServer
  let staff: UserSession
  let client: UserSession
  let counter = 0

  async function confirmed(): Promise<number> {
    const number = `NS-2026-${++counter}`
    const document = await uploadAndRead(server.url, staff, COMPANY, `${number}.pdf`, await supplierInvoicePdf(number, '240,00', undefined, TERMS))
    let version = await completeInvoice(staff, document.id, document.version, number)
    version = (await staff.client.service('document-labels').create({ document_id: document.id, field: 'iban', value: IBAN, version })).version
    await staff.client.service('document-confirmations').create({ document_id: document.id, version })
    return document.id
  }

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    client = await signInSession(server.url, 'client@demo.portal')
  })
  afterAll(async () => {
    for (const session of [staff, client]) session?.client.close()
    await server?.close()
  })

  it('offers the seller as a new account, which is then chosen for this document and suggested for the next', async () => {
    const first = await confirmed()
    const next = await confirmed() // read before the account exists
    const state = await staff.client.service('document-bookings').get(first)
    expect(state.suggestions.account).toBeUndefined()
    const used = (await server.knex('accounts').where({ company_no: COMPANY }).max('account as max').first()) as { max: number }
    expect(state.new_account).toEqual({
      account: Number(used.max) + 1,
      name: 'Tischlerei Berger GmbH',
      vat_id: 'ATU13585627',
      vat_id_check: null,
      iban: IBAN,
      country: 'AT',
      payment_days: 30,
      skonto_percent: '2.5',
      skonto_days: 10,
    })

    // The client (no acc) may not create it; staff do, with the prefilled values.
    const { vat_id_check: _check, ...prefilled } = state.new_account!
    expect(await failure(client.client.service('acc-suppliers').create({ client: COMPANY, ...prefilled }))).toMatchObject({ code: 403 })
    const created = await staff.client.service('acc-suppliers').create({ client: COMPANY, ...prefilled })
    expect(created).toMatchObject({ account: prefilled.account, vat_id: 'ATU13585627', iban: IBAN, payment_days: 30, skonto_percent: '2.50', skonto_days: 10, vat_id_check: null })

    // Chosen for this document (the answer no longer offers a new one) and suggested for the next by UID.
    const after = await staff.client.service('document-bookings').get(first)
    expect(after.suggestions.account).toMatchObject({ value: String(created.account), source: 'matchedAccount' })
    expect(after.new_account).toBeNull()
    expect((await staff.client.service('document-bookings').get(next)).suggestions.account).toMatchObject({ value: String(created.account), source: 'matchedAccount' })
  })

  it('creates a supplier whose printed UID fails its check when asked to, keeping the UID with its failed check', async () => {
    const data = { client: COMPANY, account: 339901, name: 'Falsche UID GmbH', vat_id: 'ATU13585628', country: 'AT' }
    expect(await failure(staff.client.service('acc-suppliers').create(data))).toMatchObject({ code: 400, data: { params: { field: 'vat_id' } } })
    const kept = await staff.client.service('acc-suppliers').create({ ...data, keep_failed_vat_id: true })
    expect(kept).toMatchObject({ vat_id: 'ATU13585628', vat_id_check: 'validation:vatId.checkFailed' })
    // A UID that passes is never marked, even when the flag is sent.
    const good = await staff.client.service('acc-suppliers').create({ client: COMPANY, account: 339902, name: 'Richtige UID GmbH', vat_id: austrianVatId('7654321'), keep_failed_vat_id: true })
    expect(good.vat_id_check).toBeNull()
  })
})
