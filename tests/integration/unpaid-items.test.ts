import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ageingBucket, validateEpcPayload } from '../../packages/sdk/src/domain/index'
import type { UnpaidItem, UnpaidItemsQuery } from '../../packages/sdk/src/services/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { completeInvoice, uploadAndRead } from '../support/documents'
import { pdfText } from '../support/pdf-reader'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure, nextEvent } from './services.support'

// Issue 18, unpaid items on the server: the demo ledger's open items with ageing and totals, a freshly booked invoice
// appears, part and full payments update and remove it live on a colleague's socket, an undo brings it back, refusals
// change nothing, payment codes follow EPC069-12 and need `pay`. Real server, real sockets, PGlite (or PostgreSQL).

describe('unpaid items: open items, payments, payment codes', () => {
  let server: TestServer
  let staff: UserSession
  let admin: UserSession
  let client: UserSession

  const unpaid = (query: UnpaidItemsQuery, user = staff) => user.client.service('unpaid-items').find({ query })
  const cents = (amount: string) => Math.round(Number(amount) * 100)

  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' } })
    staff = await signInSession(server.url, 'staff@demo.portal')
    admin = await signInSession(server.url, 'admin@demo.portal')
    client = await signInSession(server.url, 'client@demo.portal')
  })
  afterAll(async () => {
    for (const session of [staff, admin, client]) session?.client.close()
    await server?.close()
  })

  it("lists the demo company's open items of both sides with buckets and totals that add up", async () => {
    for (const side of ['ER', 'AR'] as const) {
      const page = await unpaid({ client: 1001, side, $limit: 500 })
      expect(page.total).toBeGreaterThan(3)
      expect(page.data).toHaveLength(page.total)
      for (const item of page.data) {
        expect(item.side).toBe(side)
        expect(cents(item.open)).toBeGreaterThan(0)
        expect(item.bucket).toBe(ageingBucket(item.overdue))
      }
      // Overall = every item's open amount = every partner's total; each bucket likewise.
      const sum = page.data.reduce((total, item) => total + cents(item.open), 0)
      expect(cents(page.totals.total)).toBe(sum)
      expect(page.partners.reduce((total, partner) => total + cents(partner.totals.total), 0)).toBe(sum)
      const overdue = page.data.filter((item) => item.bucket !== 'notDue').reduce((total, item) => total + cents(item.open), 0)
      expect(cents(page.totals.total) - cents(page.totals.notDue)).toBe(overdue)
      expect(page.data.some((item) => item.bucket !== 'notDue')).toBe(true)
    }
    // Paging: the second page continues the first, sorted by days overdue.
    const first = await unpaid({ client: 1001, side: 'ER', $limit: 2, $sort: { overdue: -1 } })
    const second = await unpaid({ client: 1001, side: 'ER', $limit: 2, $skip: 2, $sort: { overdue: -1 } })
    expect(first.data[0].overdue).toBeGreaterThanOrEqual(first.data[1].overdue)
    expect(first.data[1].overdue).toBeGreaterThanOrEqual(second.data[0].overdue)
    expect(new Set([...first.data, ...second.data].map((item) => item.id)).size).toBe(4)
    // A bucket filter narrows to that bucket; a company the client lacks is refused.
    const over90 = await unpaid({ client: 1001, side: 'ER', bucket: 'over90', $limit: 500 })
    expect(over90.data.every((item) => item.overdue > 90)).toBe(true)
    expect(await failure(unpaid({ client: 1001, side: 'ER' }, client))).toMatchObject({ code: 403 })
  })

  it('shows a booked invoice, pays it in two parts live on a colleague\'s socket, and undoes a payment', async () => {
    const document = await uploadAndRead(server.url, staff, 1002, 'unpaid-1.pdf', await supplierInvoicePdf('OP-2026-0001', '240,00'))
    const version = await completeInvoice(staff, document.id, document.version, 'OP-2026-0001')
    const confirmed = await staff.client.service('document-confirmations').create({ document_id: document.id, version })
    await staff.client.service('document-bookings').create({
      document_id: document.id, version: confirmed.version, account: 330001, counter_account: 7380, period: '2026-03', lines: [{ taxCode: 'V20', amount: '200.00' }],
    })
    const found = await unpaid({ client: 1002, side: 'ER', search: 'OP-2026-0001' })
    expect(found.data).toHaveLength(1)
    const item = found.data[0]
    expect(item).toMatchObject({ gross: '240.00', open: '240.00', paid: '0.00', account: 330001, partner_name: 'A1 Telekom Austria AG', state: 'open' })

    // A refused payment names the field and changes nothing.
    expect(await failure(staff.client.service('payments').create({ booking_id: item.id, paid_on: '2026-03-20', amount: '240.01', method: 'bankTransaction' }))).toMatchObject({
      code: 400,
      data: { key: 'unpaid:payment.amountTooHigh', params: { field: 'amount' } },
    })
    expect(await failure(staff.client.service('payments').create({ booking_id: item.id, paid_on: '2026-03-01', amount: '10.00', method: 'cash' }))).toMatchObject({
      data: { key: 'unpaid:payment.beforeDocument', params: { field: 'paid_on' } },
    })
    expect(await staff.client.service('payments').find({ query: { client: 1002, booking_id: item.id } })).toEqual([])

    // The client (same company, rep) sees the part payment, then the item leaving, without asking again.
    const patched = new Promise<UnpaidItem>((resolve) => client.client.service('unpaid-items').once('patched', resolve))
    await staff.client.service('payments').create({ booking_id: item.id, paid_on: '2026-03-20', amount: '100.00', method: 'bankTransaction' })
    expect(await patched).toMatchObject({ id: item.id, open: '140.00', paid: '100.00', state: 'partlyPaid' })
    const removed = new Promise<UnpaidItem>((resolve) => client.client.service('unpaid-items').once('removed', resolve))
    const last = await staff.client.service('payments').create({ booking_id: item.id, paid_on: '2026-03-25', amount: '140.00', method: 'cash' })
    expect(await removed).toMatchObject({ id: item.id, open: '0.00' })
    expect((await unpaid({ client: 1002, side: 'ER', search: 'OP-2026-0001' })).total).toBe(0)
    expect(await failure(staff.client.service('payments').create({ booking_id: item.id, paid_on: '2026-03-26', amount: '1.00', method: 'cash' }))).toMatchObject({ code: 400 })

    // Undo the last payment: the item is back with 140.00 open, the payment kept and marked undone.
    const back = new Promise<UnpaidItem>((resolve) => client.client.service('unpaid-items').once('created', resolve))
    await staff.client.service('payments').remove(last.id)
    expect(await back).toMatchObject({ id: item.id, open: '140.00' })
    const payments = await staff.client.service('payments').find({ query: { client: 1002, booking_id: item.id } })
    expect(payments.map((payment) => [payment.amount, payment.undone_at !== null])).toEqual([['100.00', false], ['140.00', true]])
    expect(await failure(staff.client.service('payments').remove(last.id))).toMatchObject({ code: 403 })
    const audit = await server.knex('audit_log').where({ entity: 'payments' }).orderBy('id').select('action')
    expect(audit.map((row: { action: string }) => row.action)).toEqual(['payment.record', 'payment.record', 'payment.undo'])

    // A reversed booking is no open item.
    const state = await staff.client.service('document-bookings').get(document.id)
    await staff.client.service('document-bookings').patch(document.id, { version: state.version, reason: 'Doppelt gebucht' })
    expect((await unpaid({ client: 1002, side: 'ER', search: 'OP-2026-0001' })).total).toBe(0)
  })

  it('earns the discount (Skonto) when the gross less the discount is paid by its deadline', async () => {
    // The demo's goods supplier grants 3 % for payment within 10 days; pick one of its open, unpaid invoices.
    const items = (await unpaid({ client: 1002, side: 'ER', $limit: 500 })).data
    const item = items.find((candidate) => candidate.discount_percent !== null && candidate.paid === '0.00' && candidate.discount_due_date !== null)
    expect(item).toBeDefined()
    const { id, gross, discount_due_date: deadline } = item!
    const discount = Math.round(cents(gross) * 0.03)
    // Upcoming deadlines: on the day before it, the item is among them.
    const dayBefore = new Date(Date.parse(`${deadline}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    const soon = await unpaid({ client: 1002, side: 'ER', discountSoon: true, today: dayBefore, $limit: 500 })
    expect(soon.data.find((candidate) => candidate.id === id)).toMatchObject({ discount_applies: true, discount_soon: true, discount: (discount / 100).toFixed(2) })
    const payment = await staff.client.service('payments').create({ booking_id: id, paid_on: deadline!, amount: ((cents(gross) - discount) / 100).toFixed(2), method: 'bankTransaction' })
    expect(payment.discount).toBe((discount / 100).toFixed(2))
    expect((await unpaid({ client: 1002, side: 'ER', $limit: 500 })).data.some((candidate) => candidate.id === id)).toBe(false)
  })

  it('gives an EPC069-12 payment code for a supplier invoice to `pay` only', async () => {
    const [item] = (await unpaid({ client: 1001, side: 'ER', $limit: 1, $sort: { overdue: -1 } })).data
    expect(await failure(staff.client.service('payment-codes').get(item.id))).toMatchObject({ code: 403 })
    const code = await admin.client.service('payment-codes').get(item.id)
    expect(code.issues).toEqual([])
    expect(validateEpcPayload(code.payload)).toEqual([])
    const lines = code.payload.split('\n')
    expect(lines.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT'])
    expect(lines[5]).toBe(item.partner_name)
    expect(lines[6]).toMatch(/^AT\d{18}$/)
    expect(code.amount).toBe(((cents(item.open) - cents(item.discount)) / 100).toFixed(2))
    expect(lines[7]).toBe(`EUR${code.amount}`)
    expect(code.svg).toContain('<svg')
    const text = await pdfText(Buffer.from(code.pdf_base64, 'base64'))
    expect(text).toContain(item.document_number ?? '')
    expect(text).toContain(code.iban)
    const [outgoing] = (await unpaid({ client: 1001, side: 'AR', $limit: 1 })).data
    expect(await failure(admin.client.service('payment-codes').get(outgoing.id))).toMatchObject({ code: 400, data: { key: 'unpaid:qr.incomingOnly' } })
  })

  it('shows what a company is owed (its outgoing invoices) only to those with lar, by call and by event', async () => {
    // The demo client holds 1002 with rep but not lar: its payables, not its receivables.
    await expect(unpaid({ client: 1002, side: 'ER' }, client)).resolves.toMatchObject({ today: expect.any(String) })
    expect(await failure(unpaid({ client: 1002, side: 'AR' }, client))).toMatchObject({ code: 403 })
    await expect(unpaid({ client: 1002, side: 'AR' }, staff)).resolves.toMatchObject({ today: expect.any(String) })

    const [sample] = (await unpaid({ client: 1001, side: 'AR', $limit: 1 })).data
    const toClient = nextEvent(client.client as never, 'unpaid-items', 'patched', 1500)
    const toStaff = nextEvent<UnpaidItem>(staff.client as never, 'unpaid-items', 'patched', 5000)
    server.server.app.service('unpaid-items').emit('patched', { ...sample, company_no: 1002, side: 'AR' })
    expect(await toStaff).toMatchObject({ id: sample.id, side: 'AR' })
    expect(await toClient).toBeUndefined()
  })
})
