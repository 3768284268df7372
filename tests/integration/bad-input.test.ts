import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { connectAs, failure, type Connection } from './services.support'

// Issue 30, items 9, 10, 11 and 13: bad input over real sockets answers 400 naming the field and the rule, and stores
// nothing. Impossible dates, lone surrogates and control characters are refused by one rule each in the guard's
// validation; a schema of several shapes names the field of the shape the input meant.

let server: TestServer
let admin: Connection

beforeAll(async () => {
  server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' } })
  admin = await connectAs(server.url, 'admin')
})
/** The demo administrator's own user record. */
async function me() {
  const page = await admin.app.service('users').find({ query: { search: 'admin@demo.portal' } })
  return page.data[0]
}

afterAll(async () => {
  admin?.close()
  await server?.close()
})

/** Every answer must be a 400 naming `field`, with the key given. */
async function expectRefused(call: Promise<unknown>, field: string, key: string): Promise<void> {
  const error = await failure(call)
  expect(error, `${field}: ${error.message}`).toMatchObject({ code: 400, data: { key, params: { field } } })
}

describe('impossible dates (item 9)', () => {
  it('refuses a payment on a day that does not exist and stores none', async () => {
    const items = await admin.app.service('unpaid-items').find({ query: { client: 1001, side: 'ER', $limit: 1 } })
    const item = items.data[0]
    for (const paid_on of ['2026-02-30', '9999-99-99', '9999-12-31', '2026-2-3']) {
      await expectRefused(admin.app.service('payments').create({ booking_id: item.id, paid_on, amount: '1.00', method: 'cash' }), 'paid_on', 'validation:date')
    }
    expect(await admin.app.service('payments').find({ query: { client: 1001, booking_id: item.id } })).toEqual([])
  })

  it('refuses impossible dates in every date filter, naming the years allowed', async () => {
    const error = await failure(admin.app.service('bank-transactions').find({ query: { client: 1001, from: '2026-02-30' } }))
    expect(error).toMatchObject({ code: 400, data: { key: 'validation:date', params: { field: 'from', minYear: 1900, maxYear: 2199 } } })
    await expectRefused(admin.app.service('unpaid-items').find({ query: { client: 1001, side: 'ER', today: '2025-02-29' } }), 'today', 'validation:date')
    await expectRefused(admin.app.service('aggregator').find({ query: { client_no: 1001, type: 'ER_U', aggregated: true, fullText: null, date_to: '9999-99-99' } }), 'date_to', 'validation:date')
  })
})

describe('lone surrogates (item 10)', () => {
  const LONE = 'a\ud800b'

  it('refuses them where they answered 500, naming the field', async () => {
    const before = await me()
    await expectRefused(admin.app.service('users').patch(before.id, { firstName: LONE }), 'firstName', 'errors:query.loneSurrogate')
    expect((await me()).firstName).toBe(before.firstName)
    await expectRefused(admin.app.service('firm').patch('firm', { name: LONE, ntcsId: '1', webekuUser: 'U', webekuPassword: 'x' }), 'name', 'errors:query.loneSurrogate')
    await expectRefused(admin.app.service('scanner-registrations').create({ location: `Empfang ${LONE}`, company_no: 1003 }), 'location', 'errors:query.loneSurrogate')
    await expectRefused(admin.app.service('fon-items').patch(1, { action: 'resolve', remark: LONE }), 'remark', 'errors:query.loneSurrogate')
    await expectRefused(admin.app.service('document-editor').patch(1, { action: 'renameDocument', part: 'p1', name: LONE }), 'name', 'errors:query.loneSurrogate')
  })

  it('refuses them where they were stored as U+FFFD, and in queries and nested lists', async () => {
    await expectRefused(admin.app.service('acc-suppliers').create({ client: 1001, accounting: 2026, account: 339_901, name: `Lieferant ${LONE}`, type: 3 }), 'name', 'errors:query.loneSurrogate')
    const stored = await admin.app.service('acc-suppliers').find({ query: { client: 1001, acc: 'bmd', types: [3], search: 'Lieferant a' } })
    expect(stored.data.filter((row) => row.name.startsWith('Lieferant a'))).toEqual([])
    await expectRefused(admin.app.service('users').find({ query: { search: '\udc00' } }), 'search', 'errors:query.loneSurrogate')
    await expectRefused(admin.app.service('intake-settings').patch(1001, { allowed_senders: ['a@b.at', `x${LONE}@b.at`] }), 'allowed_senders[1]', 'errors:query.loneSurrogate')
  })
})

describe('control characters (item 11)', () => {
  it('refuses them in single-line names and labels, and nothing is stored', async () => {
    const before = await me()
    for (const name of ['\u001b[2JAdmin', 'Bell\u0007', 'Zwei\nZeilen', 'C1\u009b31m']) {
      const error = await failure(admin.app.service('users').patch(before.id, { lastName: name }))
      expect(error, JSON.stringify(name)).toMatchObject({ code: 400, data: { params: { field: 'lastName' } } })
      expect(['errors:query.controlCharacter', 'errors:query.lineBreak']).toContain(error.data?.key)
    }
    expect((await me()).lastName).toBe(before.lastName)
    await expectRefused(admin.app.service('acc-suppliers').create({ client: 1001, accounting: 2026, account: 339_902, name: 'Evil\u001b[2J', type: 3 }), 'name', 'errors:query.controlCharacter')
    await expectRefused(admin.app.service('document-labels').create({ document_id: 1, field: 'invoice_number', value: 'RE-1\u0007' }), 'value', 'errors:query.controlCharacter')
  })

  it('keeps line breaks and tabs in multi-line remarks but refuses other control characters there', async () => {
    await expectRefused(admin.app.service('fon-items').patch(1, { action: 'resolve', remark: 'ok\n\u001b[2J' }), 'remark', 'errors:query.controlCharacter')
    // A remark with lines passes validation and reaches the service (which knows no item 999999).
    const error = await failure(admin.app.service('fon-items').patch(999_999, { action: 'resolve', remark: 'Erste Zeile\n\tzweite Zeile' }))
    expect(error.code).toBe(404)
  })
})

describe('schemas of several shapes (item 13)', () => {
  it('names the field of the shape the input meant', async () => {
    const rename = await failure(admin.app.service('document-editor').patch(1, { action: 'renameDocument', part: 'p1', name: 'x'.repeat(201) }))
    expect(rename).toMatchObject({ code: 400, data: { key: 'validation:maxLength', params: { field: 'name', max: 200 } } })
    const passkey = await failure(admin.app.service('account-security').create({ action: 'passkeyRename', id: 'key-1', name: 'x'.repeat(65) }))
    expect(passkey).toMatchObject({ code: 400, data: { key: 'validation:maxLength', params: { field: 'name', max: 64 } } })
    const missing = await failure(admin.app.service('document-editor').patch(1, { action: 'cut' } as never))
    expect(missing).toMatchObject({ code: 400, data: { key: 'errors:query.required', params: { field: 'page' } } })
    const unknown = await failure(admin.app.service('document-editor').patch(1, { action: 'explode' } as never))
    expect(unknown).toMatchObject({ code: 400, data: { key: 'errors:query.allowedValues', params: { field: 'action' } } })
  })
})
