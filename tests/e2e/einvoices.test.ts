import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/axe'
import { openBrowser, type BrowserSession } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import { uploadAndRead } from '../support/documents'
import type { TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { signInAt, startWebPortal, type WebPortal } from './web-support'

// An XML e-invoice without a page of its own, end to end: the built web app on the real server (extraction thread
// with the business rule check, real database, sockets) in Debian's Chromium, in German (staff) and English (client).
const XRECHNUNG = join(import.meta.dirname, '../../packages/server/src/extraction/fixtures/einvoices/xrechnung-3-ubl.xml')
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir()
const FLOW_TIMEOUT = 300_000

let portal: WebPortal
let server: TestServer
let staff: UserSession
let session: BrowserSession | undefined
let cspViolations: () => string[] = () => []
/** Our XRechnung without its buyer reference (Leitweg-ID), which the XRechnung rule BR-DE-15 requires. */
let withoutReference: Uint8Array

const open = async () => {
  session = await openBrowser({ viewport: { width: 1400, height: 900 } })
  cspViolations = await watchCspViolations(session.page)
  return session.page
}

beforeAll(async () => {
  portal = await startWebPortal('einvoices')
  ;({ server } = portal)
  staff = await signInSession(server.url, 'staff@demo.portal')
  const text = await readFile(XRECHNUNG, 'utf8')
  withoutReference = new TextEncoder().encode(text.replace('<cbc:BuyerReference>991-33333TEST-33</cbc:BuyerReference>', ''))
}, FLOW_TIMEOUT)
afterEach(async () => {
  const violations = cspViolations()
  cspViolations = () => []
  await session?.close()
  session = undefined
  expect(violations).toEqual([])
})
afterAll(async () => {
  staff?.client.close()
  await portal?.close()
})

describe('an XML e-invoice in the viewer', () => {
  it('German: the readable invoice page, the broken rule with its id, and the original XML to download as it came', async () => {
    const document = await uploadAndRead(server.url, staff, 1001, 'xrechnung-ohne-leitweg.xml', withoutReference)
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/doc/1001/${document.id}`)
    const invoice = page.getByRole('article', { name: /Lesbare Ansicht der E-Rechnung/ })
    await invoice.waitFor({ timeout: 60_000 })
    expect(await invoice.getByRole('heading', { level: 2 }).textContent()).toBe('Rechnung RE-2026-0417')
    const text = (await invoice.textContent()) ?? ''
    for (const part of ['Verkäufer', 'Muster Bürobedarf GmbH', 'Käufer', 'Stadtverwaltung Beispielstadt', 'UID: DE123456789', 'Rechnungspositionen', 'Ordner A4, breit', 'Summe brutto', 'DE02120300000000202051', '5. Oktober 2026']) {
      expect(text).toContain(part)
    }
    expect(await invoice.locator('[data-total=gross]').textContent()).toMatch(/191,55/)

    const check = page.getByRole('region', { name: 'Prüfung der E-Rechnung' })
    expect(await check.textContent()).toContain('Nicht gültig')
    expect(await check.getByTestId('rule-BR-DE-15').textContent()).toContain('Die Käuferreferenz (BT-10, bei öffentlichen Auftraggebern die Leitweg-ID) fehlt.')

    const downloading = page.waitForEvent('download')
    await page.getByTestId('einvoice-download').click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('xrechnung-ohne-leitweg.xml')
    const saved = await readFile((await download.path())!)
    expect(Buffer.compare(saved, Buffer.from(withoutReference))).toBe(0)
    await page.screenshot({ path: join(SCREENSHOTS, 'einvoice-de.png') })
    expect(await seriousViolations(page)).toEqual([])
  }, FLOW_TIMEOUT)

  it('English: the same page and rule in English for a user who works in English', async () => {
    // client@demo.portal has company 1002 only and works in English.
    const document = await uploadAndRead(server.url, staff, 1002, 'xrechnung-without-reference.xml', withoutReference)
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal', `/doc/1002/${document.id}`)
    const invoice = page.getByRole('article', { name: /Readable view of the e-invoice/ })
    await invoice.waitFor({ timeout: 60_000 })
    expect(await invoice.getByRole('heading', { level: 2 }).textContent()).toBe('Invoice RE-2026-0417')
    const text = (await invoice.textContent()) ?? ''
    for (const part of ['Seller', 'Buyer', 'VAT id: DE123456789', 'Invoice lines', 'Total gross', '5 October 2026']) expect(text).toContain(part)
    expect(await invoice.locator('[data-total=gross]').textContent()).toBe('€191.55')
    const check = page.getByRole('region', { name: 'E-invoice check' })
    expect(await check.textContent()).toContain('Not valid')
    expect(await check.getByTestId('rule-BR-DE-15').textContent()).toContain('The buyer reference (BT-10, the Leitweg-ID for public buyers) is missing.')
    await page.screenshot({ path: join(SCREENSHOTS, 'einvoice-en.png') })
    expect(await seriousViolations(page)).toEqual([])
  }, FLOW_TIMEOUT)
})
