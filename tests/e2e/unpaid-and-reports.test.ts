import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { viennaToday } from '../../packages/sdk/src/domain/index'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { openBrowser, type BrowserSession } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import { completeInvoice, uploadAndRead } from '../support/documents'
import { pdfText } from '../support/pdf-reader'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from '../integration/services.support'
import { buildWebInto, menuIds, pathOf, signInAt } from './web-support'

// Unpaid items and the KER end to end (issue 18): the built portal on the real server with the demo ledger, in
// Debian's Chromium. A freshly booked invoice shows in unpaid items and leaves a colleague's open list live once it is
// marked paid; the KER of the demo company shows the charts and the prior-year column and its PDF export opens; a user
// without rep sees neither screen and the server refuses them.
/** Screenshots for docs/unpaid-items.md and docs/reports.md (SCREENSHOT_DIR=docs/img) or a temporary folder. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir()
const FLOW_TIMEOUT = 300_000
const YEAR = Number(viennaToday().slice(0, 4))

let server: TestServer
let staff: UserSession
let scratch: string
const sessions: BrowserSession[] = []
let cspChecks: (() => string[])[] = []

async function open(): Promise<Page> {
  const session = await openBrowser({ viewport: { width: 1440, height: 1000 } })
  sessions.push(session)
  cspChecks.push(await watchCspViolations(session.page))
  return session.page
}

const item = (page: Page, number: string) => page.locator('[data-testid=open-item]', { hasText: number })

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'portal-unpaid-e2e-'))
  await buildWebInto(join(scratch, 'dist'))
  server = await startTestServer({ env: { WEB_DIR: join(scratch, 'dist'), PORTAL_DEMO_LEDGER: '1' } })
  staff = await signInSession(server.url, 'staff@demo.portal')
}, FLOW_TIMEOUT)
afterEach(async () => {
  const violations = cspChecks.flatMap((check) => check())
  cspChecks = []
  for (const session of sessions.splice(0)) await session.close()
  expect(violations).toEqual([])
})
afterAll(async () => {
  staff?.client.close()
  await server?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

describe('Unpaid items and the KER report', () => {
  it('shows a booked invoice in unpaid items; marked paid, it leaves a colleague\'s open list live', async () => {
    const document = await uploadAndRead(server.url, staff, 1002, 'e2e-unpaid.pdf', await supplierInvoicePdf('OP-E2E-0001', '240,00'))
    const version = await completeInvoice(staff, document.id, document.version, 'OP-E2E-0001')
    const confirmed = await staff.client.service('document-confirmations').create({ document_id: document.id, version })
    await staff.client.service('document-bookings').create({
      document_id: document.id, version: confirmed.version, account: 330001, counter_account: 7380, period: `${YEAR}-03`, lines: [{ taxCode: 'V20', amount: '200.00' }],
    })

    // A colleague (the client, same company) keeps the list open.
    const watching = await open()
    await signInAt(watching, server.url, 'client@demo.portal', '/unpaid/1002/er')
    await watching.getByTestId('unpaid-search').fill('OP-E2E')
    await item(watching, 'OP-E2E-0001').waitFor()

    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', '/unpaid/1002/er')
    await page.getByTestId('unpaid-side-AR').getByTestId('open-item').first().waitFor()
    await page.screenshot({ path: join(SCREENSHOTS, 'unpaid-items-de.png') })
    await page.getByTestId('unpaid-search').fill('OP-E2E-0001')
    await item(page, 'OP-E2E-0001').click()
    expect(pathOf(page)).toBe(`/unpaid/1002/er/${document.id}`)
    await expect.poll(() => item(page, 'OP-E2E-0001').getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('p')
    const dialog = page.getByTestId('payment-form')
    await expect.poll(() => dialog.getByTestId('payment-amount').inputValue()).toBe('240.00')
    // Too much is refused in place, before anything is sent.
    await dialog.getByTestId('payment-amount').fill('300')
    await dialog.getByTestId('payment-save').click()
    await dialog.getByText(/höher als der offene Betrag|more than what is open/).waitFor()
    await dialog.getByTestId('payment-amount').fill('240.00')
    await dialog.getByTestId('payment-save').click()
    await dialog.waitFor({ state: 'detached' })
    await item(page, 'OP-E2E-0001').waitFor({ state: 'detached' })
    // The colleague's list loses it without a reload.
    await item(watching, 'OP-E2E-0001').waitFor({ state: 'detached', timeout: 15_000 })
    await watching.getByTestId('unpaid-empty-ER').waitFor()
  }, FLOW_TIMEOUT)

  it('walks the open items with Ctrl+↑/↓ and shows a supplier invoice\'s payment code', async () => {
    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', '/unpaid/1001/er')
    const rows = page.getByTestId('unpaid-side-ER').getByTestId('open-item')
    await rows.nth(1).waitFor()
    const first = await rows.nth(0).getAttribute('data-document-id')
    const second = await rows.nth(1).getAttribute('data-document-id')
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    // A slow client (40x CPU throttling): the keys come faster than the list re-renders, as on a loaded machine.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 40 })
    await page.keyboard.press('Control+ArrowDown')
    await expect.poll(() => pathOf(page)).toBe(`/unpaid/1001/er/${first}`)
    await page.keyboard.press('Control+ArrowDown')
    await expect.poll(() => pathOf(page)).toBe(`/unpaid/1001/er/${second}`)
    await page.keyboard.press('Control+ArrowUp')
    await expect.poll(() => pathOf(page)).toBe(`/unpaid/1001/er/${first}`)
    // q right after the step acts on the item stepped to, even before the list has re-rendered.
    await page.keyboard.press('q')
    const code = page.getByTestId('payment-code')
    await code.or(page.getByTestId('qr-refusal')).waitFor()
    expect(await page.getByTestId('qr-refusal').count()).toBe(0)
    await code.locator('svg').first().waitFor()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    expect(await code.getByTestId('qr-iban').textContent()).toMatch(/^AT\d{18}$/)
    await page.screenshot({ path: join(SCREENSHOTS, 'unpaid-payment-code-de.png') })
  }, FLOW_TIMEOUT)

  it('shows the KER of the demo company with charts and the prior-year column, and its PDF export opens', async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', '/reports/1001')
    // The running year is compared cumulative to its last closed month, and the heading says so (issue 31), in German…
    const closed = Math.max(1, Number(viennaToday().slice(5, 7)) - 1)
    const monthIn = (language: string) => new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, closed - 1, 1)))
    const deMonth = closed === 1 ? 'Jänner' : monthIn('de')
    await expect.poll(() => page.getByTestId('ker-current-head').textContent()).toBe(`Jänner–${deMonth} ${YEAR}`)
    expect(await page.getByTestId('ker-prior-head').textContent()).toBe(`Jänner–${deMonth} ${YEAR - 1}`)
    expect(await page.getByTestId('ker-cumulative').textContent()).toContain(`kumuliert: beide Jahre laufen von Jänner bis Ende ${deMonth}`)
    // …and in English.
    await page.getByTestId('language-button').click()
    const table = page.getByTestId('ker-table')
    await table.waitFor()
    await expect.poll(() => page.getByTestId('ker-current-head').textContent()).toBe(`January–${monthIn('en')} ${YEAR}`)
    expect(await page.getByTestId('ker-prior-head').textContent()).toBe(`January–${monthIn('en')} ${YEAR - 1}`)
    expect(await page.getByTestId('ker-cumulative').textContent()).toContain(`both years run from January to the end of ${monthIn('en')}`)
    const prior = await page.getByTestId('ker-row-revenue').locator('td').nth(1).textContent()
    expect(Number(prior?.replace(/[^\d.]/g, ''))).toBeGreaterThan(0)
    await page.getByTestId('ker-chart-revenue').locator('.recharts-bar-rectangle').first().waitFor()
    await page.getByTestId('ker-chart-result').locator('.recharts-bar-rectangle').first().waitFor()
    await page.screenshot({ path: join(SCREENSHOTS, 'reports-ker-en.png'), fullPage: true })

    await page.getByTestId('ker-granularity').selectOption('quarter')
    await expect.poll(() => page.getByTestId('ker-current-head').textContent()).toBe(`Q1 ${YEAR}`)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ker-export-pdf').click()])
    expect(download.suggestedFilename()).toBe(`KER-1001-${YEAR}-Q1.pdf`)
    const text = await pdfText(await readFile((await download.path())!))
    expect(text).toContain('Short-term income statement (KER)')
    expect(text).toContain('Prepared by Kanzlei Huber & Partner Steuerberatung GmbH')
    expect(text).toContain('Alpenblick Gastronomie GmbH (1001)')
    expect(text).toContain(`Q1 ${YEAR - 1}`)
  }, FLOW_TIMEOUT)

  it('an administrator sets a client up as E/A-Rechner, and the KER says it shows the cash basis, in both languages (issue 31)', async () => {
    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', '/settings/1001')
    const setting = page.getByTestId('setting-cash_basis')
    await setting.waitFor()
    expect(await page.getByText('Einnahmen-Ausgaben-Rechnung (Zufluss-Abfluss)', { exact: true }).count()).toBe(1)
    expect(await setting.isChecked()).toBe(false)
    await page.goto(`${server.url}/reports/1001`)
    await expect.poll(() => page.getByTestId('ker-basis').getAttribute('data-basis')).toBe('accrual')
    expect(await page.getByTestId('ker-basis').textContent()).toContain('Bilanzierung (Soll-Prinzip)')
    const accrualRevenue = await page.getByTestId('ker-row-revenue').locator('td').first().textContent()

    await page.goto(`${server.url}/settings/1001`)
    await setting.check()
    await expect.poll(async () => (await server.knex('company_settings').where({ company_no: 1001 }).first()).cash_basis).toBe(true)
    await page.goto(`${server.url}/reports/1001`)
    await expect.poll(() => page.getByTestId('ker-basis').getAttribute('data-basis')).toBe('cash')
    expect(await page.getByTestId('ker-basis').textContent()).toContain('Einnahmen-Ausgaben-Rechnung (Zufluss-Abfluss-Prinzip)')
    // The demo ledger leaves invoices of the last weeks unpaid: on cash basis they do not count.
    expect(await page.getByTestId('ker-row-revenue').locator('td').first().textContent()).not.toBe(accrualRevenue)
    await page.getByTestId('language-button').click()
    await expect.poll(() => page.getByTestId('ker-basis').textContent()).toContain('Cash basis (Einnahmen-Ausgaben-Rechnung)')
    await page.goto(`${server.url}/settings/1001`)
    await page.getByText('Cash basis (Einnahmen-Ausgaben-Rechner)', { exact: true }).waitFor()
    await setting.uncheck()
    await expect.poll(async () => (await server.knex('company_settings').where({ company_no: 1001 }).first()).cash_basis).toBe(false)
    const audit = await server.knex('audit_log').where({ action: 'companySettings.change', company_no: 1001 }).orderBy('id')
    expect(audit.map((entry: { after: { cash_basis?: boolean } }) => entry.after.cash_basis)).toEqual([true, false])
  }, FLOW_TIMEOUT)

  it('a user without rep sees neither screen and the server refuses them', async () => {
    await server.knex('users').where({ email: 'client@demo.portal' }).update({ permissions: ['doc', 'app'] })
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal', '/unpaid/1002/er')
    await page.getByTestId('forbidden').waitFor()
    expect(await page.getByTestId('scene-unpaid-items').count()).toBe(0)
    await page.goto(`${server.url}/reports/1002`)
    await page.getByTestId('forbidden').waitFor()
    expect(await page.getByTestId('ker-table').count()).toBe(0)
    const menu = await menuIds(page)
    expect(menu).not.toContain('unpaid-items')
    expect(menu).not.toContain('reports')
    const client = await signInSession(server.url, 'client@demo.portal')
    try {
      expect(await failure(client.client.service('unpaid-items').find({ query: { client: 1002, side: 'ER' } }))).toMatchObject({ code: 403 })
      expect(await failure(client.client.service('ker-report').find({ query: { client: 1002, year: YEAR, granularity: 'year' } }))).toMatchObject({ code: 403 })
      expect(await failure(client.client.service('ker-exports').create({ client: 1002, year: YEAR, granularity: 'year', format: 'pdf' }))).toMatchObject({ code: 403 })
    } finally {
      client.client.close()
    }
  }, FLOW_TIMEOUT)
})
