import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KerReport, KerReportQuery } from '../../packages/sdk/src/services/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { completeInvoice, uploadAndRead } from '../support/documents'
import { pdfText } from '../support/pdf-reader'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 31 item 6, cash-basis clients (Einnahmen-Ausgaben-Rechner) on the real server: the company settings say which
// basis a client's KER follows (an administrator's audited change); a Bilanzierer's KER counts invoices in their booking
// period (accrual), an E/A-Rechner's by payment date (Zufluss-Abfluss) from the recorded payments, so an unpaid invoice
// counts on accrual but not on cash basis, and both bases reconcile: accrual = cash + what is still open.

const COMPANY = 1003
const line = (report: KerReport, name: string) => report.rows.find((row) => row.line === name)!

describe('KER on cash basis (Einnahmen-Ausgaben-Rechner) and on accrual', () => {
  let server: TestServer
  let staff: UserSession
  let admin: UserSession
  let counter = 0
  const ker = (query: Partial<KerReportQuery>) => staff.client.service('ker-report').find({ query: { client: COMPANY, year: 2026, granularity: 'month', index: 3, ...query } })

  /** Books an incoming invoice of 240.00 (200.00 net, material 5000) in March 2026; answers its booking id. */
  async function bookedInvoice(): Promise<number> {
    const number = `EA-2026-${String(++counter).padStart(3, '0')}`
    const document = await uploadAndRead(server.url, staff, COMPANY, `${number}.pdf`, await supplierInvoicePdf(number, '240,00'))
    let version = await completeInvoice(staff, document.id, document.version, number)
    version = (await staff.client.service('document-confirmations').create({ document_id: document.id, version })).version
    const answer = await staff.client.service('document-bookings').create({
      document_id: document.id, version, account: 330001, counter_account: 5000, period: '2026-03', lines: [{ taxCode: 'V20', amount: '200.00' }],
    })
    return answer.booking!.id
  }

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    admin = await signInSession(server.url, 'admin@demo.portal')
  })
  afterAll(async () => {
    for (const session of [staff, admin]) session?.client.close()
    await server?.close()
  })

  it('counts unpaid invoices on accrual but not on cash basis, and both bases reconcile', async () => {
    const paidInApril = await bookedInvoice()
    const halfPaidInMarch = await bookedInvoice()
    await bookedInvoice() // never paid
    await staff.client.service('payments').create({ booking_id: paidInApril, paid_on: '2026-04-05', amount: '240.00', method: 'bankTransaction' })
    await staff.client.service('payments').create({ booking_id: halfPaidInMarch, paid_on: '2026-03-20', amount: '120.00', method: 'cash' })

    // A Bilanzierer (the default): all three invoices in March, by their booking period.
    const settings = await staff.client.service('company-settings').find({ query: { client: COMPANY } })
    expect(settings[0]).toMatchObject({ cash_basis: false })
    const accrual = await ker({})
    expect(accrual.basis).toBe('accrual')
    expect(line(accrual, 'material').currentCents).toBe(-600_00)

    // Only an administrator switches the client to E/A-Rechner; the change is audited.
    expect(await failure(staff.client.service('company-settings').patch(COMPANY, { cash_basis: true }))).toMatchObject({ code: 403 })
    expect((await ker({})).basis).toBe('accrual')
    expect(await admin.client.service('company-settings').patch(COMPANY, { cash_basis: true })).toMatchObject({ cash_basis: true })
    const audit = await server.knex('audit_log').where({ action: 'companySettings.change', company_no: COMPANY }).orderBy('id', 'desc').first()
    expect(audit).toMatchObject({ before: { cash_basis: false }, after: { cash_basis: true } })

    // Cash basis: March holds the half payment (120.00 gross → 100.00 net), April the full one; the unpaid invoice never.
    const march = await ker({})
    expect(march.basis).toBe('cash')
    expect(line(march, 'material').currentCents).toBe(-100_00)
    expect(line(await ker({ index: 4 }), 'material').currentCents).toBe(-200_00)
    const pdf = await staff.client.service('ker-exports').create({ client: COMPANY, year: 2026, granularity: 'month', index: 3, format: 'pdf', locale: 'de' })
    expect(await pdfText(Buffer.from(pdf.base64, 'base64'))).toContain('Einnahmen-Ausgaben-Rechnung (Zufluss-Abfluss-Prinzip)')
    const year = await ker({ granularity: 'year', index: undefined })
    expect(line(year, 'material').currentCents).toBe(-300_00)

    // Reconciliation: the accrual result less the cash result is the net of what is still open (120.00 + 240.00 gross).
    const open = await staff.client.service('unpaid-items').find({ query: { client: COMPANY, side: 'ER' } })
    const openGross = open.data.reduce((sum, item) => sum + Math.round(Number(item.open) * 100), 0)
    expect(openGross).toBe(360_00)
    expect(line(accrual, 'result').currentCents - line(year, 'result').currentCents).toBe(-Math.round((openGross * 200) / 240))

    // Undoing a payment takes it out of the cash basis again; back to accrual, March is as before.
    const [payment] = await staff.client.service('payments').find({ query: { client: COMPANY, booking_id: halfPaidInMarch } })
    await staff.client.service('payments').remove(payment.id)
    expect(line(await ker({}), 'material').currentCents).toBe(0)
    await admin.client.service('company-settings').patch(COMPANY, { cash_basis: false })
    expect(line(await ker({}), 'material').currentCents).toBe(-600_00)
  })
})
