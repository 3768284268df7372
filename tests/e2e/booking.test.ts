import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { austrianVatId } from '../../packages/server/src/db/seed-demo-ids'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { openBrowser, type BrowserSession } from '../support/browser'
import type { TestServer } from '../support/server'
import { completeInvoice, uploadAndRead } from '../support/documents'
import { signInSession, type UserSession } from '../support/session'
import { signInAt, startWebPortal, type WebPortal } from './web-support'

// Booking end to end (issue 12): the built portal on the real server in Debian's Chromium. Staff (acc) confirm the
// first invoice of a supplier and book it by hand; the second invoice of that supplier opens with the first booking's
// values suggested and is booked with one keystroke. The client (no acc) sees no booking controls, and the server
// refuses the client's booking too. An administrator switches the cash book on and the Accounting screen shows it.
const COMPANY = 1002
const FLOW_TIMEOUT = 300_000

let portal: WebPortal
let server: TestServer
let staff: UserSession
let client: UserSession
const sessions: BrowserSession[] = []

async function open(): Promise<Page> {
  const session = await openBrowser({ viewport: { width: 1440, height: 1000 } })
  sessions.push(session)
  return session.page
}

let counter = 0
/** A supplier invoice of Tischlerei Berger (200.00 + 20 % = 240.00), read and completed to be confirmable. */
async function invoice(): Promise<{ id: number; version: number }> {
  counter++
  const read = await uploadAndRead(server.url, staff, COMPANY, `booking-e2e-${counter}.pdf`, await supplierInvoicePdf(`BE-2026-${counter}`, '240,00'))
  return { id: read.id, version: await completeInvoice(staff, read.id, read.version, `BE-2026-${counter}`) }
}

const confirmByApi = async (document: { id: number; version: number }) =>
  (await staff.client.service('document-confirmations').create({ document_id: document.id, version: document.version })).version

beforeAll(async () => {
  portal = await startWebPortal('booking')
  server = portal.server
  staff = await signInSession(server.url, 'staff@demo.portal')
  client = await signInSession(server.url, 'client@demo.portal')
}, FLOW_TIMEOUT)
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close()
})
afterAll(async () => {
  staff?.client.socket.disconnect()
  client?.client.socket.disconnect()
  await portal?.close()
})

describe('booking in the Accounting screen', () => {
  it('books the first invoice of a supplier by hand and the second with one keystroke from the suggestions', async () => {
    const first = await invoice()
    const second = await invoice()
    const page = await open()

    // Confirm the first in the open view, then book it by hand in the confirmed view.
    await signInAt(page, server.url, 'staff@demo.portal', `/invoices/${COMPANY}/er_u/${first.id}`)
    await page.click('[data-testid=confirm]')
    await page.waitForURL((url) => !url.pathname.endsWith(`/${first.id}`))
    await page.goto(`${server.url}/invoices/${COMPANY}/er/${first.id}`)
    await page.waitForSelector('[data-testid=booking-editor]')
    // Without a booking of this supplier the account is empty; the rest comes from the document.
    expect(await page.inputValue('[data-testid=booking-account]')).toBe('')
    expect(await page.inputValue('[data-testid=booking-period]')).toBe('2026-03')
    expect(await page.inputValue('[data-testid=booking-line-amount]')).toBe('200.00')
    // A wrong amount is caught as typed, before the server is asked.
    await page.fill('[data-testid=booking-line-amount]', '199.00')
    await page.waitForSelector('[data-testid=booking-lines-issue]')
    await page.fill('[data-testid=booking-line-amount]', '200.00')
    await page.fill('[data-testid=booking-account]', '330001')
    await page.fill('[data-testid=booking-counter_account]', '7200')
    await page.selectOption('[data-testid=booking-cost_center]', '300')
    await page.click('#booking-heading')
    await page.click('[data-testid=booking-submit]')
    const summary = await page.waitForSelector('[data-testid=booking-summary]')
    expect(await summary.textContent()).toContain('7200')
    await page.waitForSelector('[data-testid=booking-panel][data-booked=true]')
    const firstBooking = await server.knex('bookings').where({ document_id: first.id }).first()
    expect(firstBooking).toMatchObject({ account: 330001, counter_account: 7200, cost_center: '300' })

    // The second invoice of the supplier: every value is suggested, labelled with its source; B books it.
    await confirmByApi(second)
    await page.goto(`${server.url}/invoices/${COMPANY}/er/${second.id}`)
    await page.waitForSelector('[data-testid=booking-editor]')
    await expect.poll(() => page.inputValue('[data-testid=booking-account]')).toBe('330001')
    expect(await page.inputValue('[data-testid=booking-counter_account]')).toBe('7200')
    expect(await page.inputValue('[data-testid=booking-cost_center]')).toBe('300')
    expect(await page.getAttribute('[data-testid=booking-source-counter_account]', 'data-source')).toBe('supplierBooking')
    expect(await page.textContent('[data-testid=booking-source-counter_account]')).toContain(String(firstBooking.booking_no))
    await page.click('#booking-heading')
    await page.keyboard.press('b')
    await page.waitForSelector('[data-testid=booking-summary]')
    const secondBooking = await server.knex('bookings').where({ document_id: second.id }).first()
    expect(secondBooking).toMatchObject({ account: 330001, counter_account: 7200, cost_center: '300', gross: '240.00' })
    // Booked: the fields are read-only and the shortcut help names the key.
    await page.waitForSelector('[data-testid=booking-reverse]')
    await page.keyboard.press('?')
    expect(await page.textContent('[data-testid=shortcut-help]')).toMatch(/B\s*buchen|Beleg mit den angezeigten Werten buchen/)
  }, FLOW_TIMEOUT)

  it('books a German invoice with 19 % VAT as foreign VAT (VAUS), and a booked reverse-charge invoice shows no warning', async () => {
    // Issue 31: foreign VAT is no Austrian input tax; a reverse-charge invoice states no tax, the booking computes it.
    const label = async (id: number, version: number, values: Record<string, string>) => {
      let current = version
      for (const [field, value] of Object.entries(values)) {
        current = (await staff.client.service('document-labels').create({ document_id: id, field: field as never, value, version: current })).version
      }
      return current
    }
    counter++
    const germanRead = await uploadAndRead(server.url, staff, COMPANY, `booking-e2e-de19-${counter}.pdf`, await supplierInvoicePdf(`DE-2026-${counter}`, '119,00'))
    const german = {
      id: germanRead.id,
      version: await label(germanRead.id, germanRead.version, {
        invoice_number: `DE-2026-${counter}`, issue_date: '2026-03-05', total_net: '100.00', total_tax: '19.00', total_gross: '119.00',
        tax_breakdown: '[{"basis":"100.00","rate":"19","tax":"19.00"}]', seller_vat_id: 'DE136695976',
      }),
    }
    await confirmByApi(german)
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/invoices/${COMPANY}/er/${german.id}`)
    await page.waitForSelector('[data-testid=booking-editor]')
    await page.selectOption('[data-testid=booking-line-code]', 'VAUS')
    await page.fill('[data-testid=booking-line-amount]', '119.00')
    await page.fill('[data-testid=booking-account]', '330001')
    await page.fill('[data-testid=booking-counter_account]', '7200')
    await page.click('#booking-heading')
    await page.click('[data-testid=booking-submit]')
    await page.waitForSelector('[data-testid=booking-panel][data-booked=true]')
    await expect.poll(() => page.textContent('[data-testid=attention-count]')).toBe('Alle Felder sehen gut aus')
    const booked = await staff.client.service('document-bookings').get(german.id)
    expect(booked.booking?.lines).toEqual([{ taxCode: 'VAUS', rate: '0', net: '119.00', tax: '0.00', gross: '119.00' }])

    counter++
    const rcRead = await uploadAndRead(server.url, staff, COMPANY, `booking-e2e-rc-${counter}.pdf`, await supplierInvoicePdf(`RC-2026-${counter}`, '233,00'))
    const rc = {
      id: rcRead.id,
      version: await label(rcRead.id, rcRead.version, {
        invoice_number: `RC-2026-${counter}`, issue_date: '2026-03-03', total_net: '233.00', total_tax: '0.00', total_gross: '233.00',
        tax_breakdown: '[{"basis":"233.00","rate":"0","tax":"0.00"}]', seller_vat_id: 'DE136695976',
      }),
    }
    const version = await confirmByApi(rc)
    await staff.client.service('document-bookings').create({
      document_id: rc.id, version, account: 330001, counter_account: 7200, period: '2026-03', book: 'ER', lines: [{ taxCode: 'VRC20', amount: '233.00' }],
    })
    await page.goto(`${server.url}/invoices/${COMPANY}/er/${rc.id}`)
    await page.waitForSelector('[data-testid=booking-panel][data-booked=true]')
    await expect.poll(() => page.textContent('[data-testid=attention-count]')).toBe('Alle Felder sehen gut aus')
  }, FLOW_TIMEOUT)

  it('reverses a booking with a reason after asking', async () => {
    const document = await invoice()
    const version = await confirmByApi(document)
    await staff.client.service('document-bookings').create({
      document_id: document.id,
      version,
      account: 330001,
      counter_account: 7200,
      period: '2026-03',
      lines: [{ taxCode: 'V20', amount: '200.00' }],
    })
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/invoices/${COMPANY}/er/${document.id}`)
    await page.click('[data-testid=booking-reverse]')
    await page.click('[data-testid=booking-reverse-confirm]')
    // Without a reason it is not reversed.
    await page.waitForSelector('[role=dialog] :text("Mindestens 3 Zeichen")')
    await page.fill('[data-testid=booking-reverse-reason]', 'falsches Gegenkonto')
    await page.click('[data-testid=booking-reverse-confirm]')
    await page.waitForSelector('[data-testid=booking-panel][data-booked=false] [data-testid=booking-editor]')
    const rows = await server.knex('bookings').where({ document_id: document.id }).orderBy('id')
    expect(rows.map((row) => [row.kind, row.gross, row.text])).toEqual([
      ['booking', '240.00', null],
      ['reversal', '-240.00', 'falsches Gegenkonto'],
    ])
  }, FLOW_TIMEOUT)

  it('shows a user without acc no booking controls, and the server refuses them', async () => {
    const document = await invoice()
    const version = await confirmByApi(document)
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal', `/invoices/${COMPANY}/er/${document.id}`)
    await page.waitForSelector('[data-testid=booking-read-only]')
    expect(await page.$('[data-testid=booking-submit]')).toBeNull()
    expect(await page.$('[data-testid=booking-editor]')).toBeNull()
    await page.keyboard.press('b')
    const refusal = await client.client
      .service('document-bookings')
      .create({ document_id: document.id, version, account: 330001, counter_account: 7200, period: '2026-03', lines: [{ taxCode: 'V20', amount: '200.00' }] })
      .then(
        () => null,
        (error: { code?: number }) => error.code,
      )
    expect(refusal).toBe(403)
    expect(await server.knex('bookings').where({ document_id: document.id }).first()).toBeUndefined()
  }, FLOW_TIMEOUT)

  it('lets an administrator switch the cash book on, and the Accounting screen shows it at once', async () => {
    const admin = await open()
    await signInAt(admin, server.url, 'admin@demo.portal', '/settings/1003')
    const accounting = await open()
    await signInAt(accounting, server.url, 'admin@demo.portal', '/invoices/1003/er_u')
    await accounting.waitForSelector('[data-testid=view-tab][data-view=ER_U]')
    expect(await accounting.$('[data-testid=view-tab][data-view=KA]')).toBeNull()
    await admin.waitForSelector('[data-testid=setting-show_cash_book]')
    expect(await admin.isChecked('[data-testid=setting-show_cash_book]')).toBe(false)
    await admin.check('[data-testid=setting-show_cash_book]')
    await accounting.waitForSelector('[data-testid=view-tab][data-view=KA]', { timeout: 10_000 })
    const stored = await server.knex('company_settings').where({ company_no: 1003 }).first()
    expect(stored.show_cash_book).toBe(true)
  }, FLOW_TIMEOUT)

  it('labels the amount net or gross by the company setting, and a wrong sum names the amount expected, in both languages (issue 31)', async () => {
    const document = await invoice()
    await confirmByApi(document)
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/invoices/${COMPANY}/er/${document.id}`)
    await page.waitForSelector('[data-testid=booking-editor]')
    const label = page.getByTestId('booking-line-amount-label').first()
    // German (staff's language), a company booking net amounts: the gross typed in is caught with the net expected.
    expect(await label.textContent()).toBe('Nettobetrag')
    await page.fill('[data-testid=booking-line-amount]', '240.00')
    await expect.poll(() => page.getByTestId('booking-lines-issue').first().textContent()).toContain('Dieser Klient bucht Nettobeträge: geben Sie je Zeile den Nettobetrag ein, zusammen 200,00')
    await page.getByTestId('language-button').click()
    await expect.poll(() => label.textContent()).toBe('Net amount')
    await page.fill('[data-testid=booking-line-amount]', '240.00')
    await expect.poll(() => page.getByTestId('booking-lines-issue').first().textContent()).toContain("This company books net amounts: enter each line's net amount, together 200.00")

    // The administrator switches the company to gross amounts: the field is the gross, and the net typed in is caught.
    const admin = await signInSession(server.url, 'admin@demo.portal')
    try {
      await admin.client.service('company-settings').patch(COMPANY, { use_gross_amounts: true })
      await page.reload()
      await page.waitForSelector('[data-testid=booking-editor]')
      await expect.poll(() => label.textContent()).toBe('Gross amount')
      await page.fill('[data-testid=booking-line-amount]', '200.00')
      await expect.poll(() => page.getByTestId('booking-lines-issue').first().textContent()).toContain("This company books gross amounts: enter each line's gross amount, together 240.00")
      await page.getByTestId('language-button').click()
      await expect.poll(() => label.textContent()).toBe('Bruttobetrag')
      await page.fill('[data-testid=booking-line-amount]', '200.00')
      await expect.poll(() => page.getByTestId('booking-lines-issue').first().textContent()).toContain('zusammen 240,00')
    } finally {
      await admin.client.service('company-settings').patch(COMPANY, { use_gross_amounts: false })
      admin.client.socket.disconnect()
    }
  }, FLOW_TIMEOUT)

  it('creates a new supplier account from the document in the booking panel, books with it, and suggests it for the next invoice (issue 31)', async () => {
    // A supplier the company has no account for: Holzhandel Neu GmbH, UID and IBAN printed, 30 days net.
    const uid = austrianVatId('7712345')
    const seller = async (reference: string) => {
      const pdf = await PDFDocument.create()
      const page = pdf.addPage([595, 842])
      const font = await pdf.embedFont(StandardFonts.Helvetica)
      const line = (text: string, y: number, x = 50) => page.drawText(text, { x, y, size: 10, font })
      line('Holzhandel Neu GmbH, Sägewerkstraße 3, 8010 Graz', 800)
      line(`UID-Nr.: ${uid}`, 785)
      line('An: Alpenblick Hotel GmbH, Wien', 740)
      line('Rechnung', 700)
      line(reference, 686)
      line('Datum: 12.03.2026', 700, 400)
      line('Fichtenbretter', 600)
      line('Summe brutto EUR 240,00', 500, 350)
      line('Zahlbar innerhalb von 30 Tagen netto. IBAN AT61 1904 3002 3457 3201', 470)
      const bytes = await pdf.save()
      const read = await uploadAndRead(server.url, staff, COMPANY, `${reference}.pdf`, bytes)
      let version = await completeInvoice(staff, read.id, read.version, reference)
      version = (await staff.client.service('document-labels').create({ document_id: read.id, field: 'seller_name', value: 'Holzhandel Neu GmbH', version })).version
      version = (await staff.client.service('document-labels').create({ document_id: read.id, field: 'due_date', value: '2026-04-11', version })).version
      await confirmByApi({ id: read.id, version })
      return read.id
    }
    const first = await seller('HN-2026-001')
    const next = await seller('HN-2026-002')
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/invoices/${COMPANY}/er/${first}`)
    await page.waitForSelector('[data-testid=booking-editor]')
    expect(await page.inputValue('[data-testid=booking-account]')).toBe('')
    const button = page.getByTestId('booking-new-account')
    expect(await button.textContent()).toBe('Neues Konto aus dem Beleg')
    await page.getByTestId('language-button').click()
    await expect.poll(() => button.textContent()).toBe('New account from the document')
    await button.click()
    const dialog = page.getByTestId('account-form')
    await dialog.waitFor()
    expect(await page.inputValue('#account-name')).toBe('Holzhandel Neu GmbH')
    expect(await page.inputValue('#account-vat_id')).toBe(uid)
    expect(await page.getByTestId('account-terms').textContent()).toBe('Payment terms from the document: 30 days net.')
    const number = Number(await page.inputValue('#account-account'))
    expect(number).toBeGreaterThan(330000)
    await page.getByTestId('account-save').click()
    await dialog.waitFor({ state: 'detached' })
    // Chosen for this document: the account field holds the new number and B books with it.
    await expect.poll(() => page.inputValue('[data-testid=booking-account]')).toBe(String(number))
    await page.fill('[data-testid=booking-counter_account]', '5000')
    await page.click('#booking-heading')
    await page.keyboard.press('b')
    await page.waitForSelector('[data-testid=booking-summary]')
    expect(await server.knex('bookings').where({ document_id: first }).first()).toMatchObject({ account: number })
    expect(await server.knex('accounts').where({ company_no: COMPANY, account: number }).first()).toMatchObject({ vat_id: uid, payment_days: 30 })

    // The next invoice of the supplier (read before the account existed) opens with the new account suggested.
    await page.goto(`${server.url}/invoices/${COMPANY}/er/${next}`)
    await page.waitForSelector('[data-testid=booking-editor]')
    await expect.poll(() => page.inputValue('[data-testid=booking-account]')).toBe(String(number))
    expect(await page.getByTestId('booking-new-account').count()).toBe(0)
  }, FLOW_TIMEOUT)
})
