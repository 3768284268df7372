import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import type { Page } from 'playwright-core'
import { DocumentKind, ProcessingState } from '../../packages/sdk/src/domain/index'
import { testBatchPdf, testInvoices } from '../../packages/server/src/extraction/split/test-batches'
import { seriousViolations } from '../support/axe'
import { openBrowser, type BrowserSession } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { buildWebInto, menuIds, signInAt } from './web-support'

// The document editor end to end: the built portal on the real server (database, provider, extraction, sockets) in
// Debian's Chromium. A clerk uploads a scan batch of three real invoices of three suppliers (public ZUGFeRD samples
// from tests/fixtures/corpora: Lieferant GmbH's of 3 pages, MUSTER-Autovermietung's of 4, Bei Spiel GmbH's of 1),
// whose rental invoice's last page the scanner put at the end, sees the two suggested cuts with their reasons, drags
// the stray page back into its invoice, completes the batch and finds three incoming invoices in ER_U, each read from
// its pages (the parts carry no e-invoice XML) with its own number and total; the editor badge drops. A user without
// ded has no editor and the server refuses it.
const COMPANY = 1005
const FLOW_TIMEOUT = 300_000
/** Screenshots for docs/document-editor.md (SCREENSHOT_DIR=docs/img) or a temporary folder. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir()

let server: TestServer
let scratch: string
const sessions: BrowserSession[] = []
let cspChecks: (() => string[])[] = []

async function open(): Promise<Page> {
  const session = await openBrowser({ viewport: { width: 1440, height: 1000 } })
  sessions.push(session)
  cspChecks.push(await watchCspViolations(session.page))
  return session.page
}

const CORPUS = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus')

/** A real invoice of the fixtures with what its ground truth says it is. */
interface RealInvoice {
  file: string
  invoice_number: string
  total_gross: number
  pages: number
}

async function realInvoice(docId: string): Promise<RealInvoice & { pdf: PDFDocument }> {
  const truth = JSON.parse(await readFile(join(CORPUS, 'gt', `${docId}.json`), 'utf8')) as { invoice_number: string; total_gross: number }
  const pdf = await PDFDocument.load(await readFile(join(CORPUS, 'docs', `${docId}.pdf`)))
  return { file: docId, invoice_number: truth.invoice_number, total_gross: truth.total_gross, pages: pdf.getPageCount(), pdf }
}

/**
 * Three real invoices of three suppliers in one PDF (pdf-lib), the rental invoice's last page (its totals, "Seite 4 von
 * 4") scanned last: Lieferant GmbH 1–3, MUSTER-Autovermietung 1–3, Bei Spiel GmbH, MUSTER-Autovermietung 4.
 */
async function realInvoiceBatch() {
  const invoices = await Promise.all(
    ['XML-Rechnung__FX__EN16931_1_Teilrechnung', 'XML-Rechnung__FX__EN16931_Miete', 'ZUGFeRDv2__correct__Mustangproject__MustangGnuaccountingBeispielRE-20190610_507'].map(realInvoice),
  )
  const [partial, rental, beispiel] = invoices
  expect(invoices.map((invoice) => invoice.pages)).toEqual([3, 4, 1])
  const out = await PDFDocument.create()
  const add = async (invoice: (typeof invoices)[number], indexes: number[]) => {
    for (const page of await out.copyPages(invoice.pdf, indexes)) out.addPage(page)
  }
  await add(partial, [0, 1, 2])
  await add(rental, [0, 1, 2])
  await add(beispiel, [0])
  await add(rental, [3])
  return { invoices: invoices.map(({ pdf: _pdf, ...invoice }) => invoice), bytes: await out.save() }
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'portal-editor-e2e-'))
  await buildWebInto(join(scratch, 'dist'))
  server = await startTestServer({ env: { WEB_DIR: join(scratch, 'dist') } })
}, FLOW_TIMEOUT)
afterEach(async () => {
  const violations = cspChecks.flatMap((check) => check())
  cspChecks = []
  for (const session of sessions.splice(0)) await session.close()
  expect(violations).toEqual([])
})
afterAll(async () => {
  await server?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

const editorBadge = async (page: Page) => {
  const drawer = page.locator('[data-testid=nav-drawer]')
  // Polled: a look may find the drawer still open from the last one (it then covers the menu button).
  if (!(await drawer.isVisible())) await page.click('[data-testid=menu-button]')
  await drawer.waitFor()
  const badge = drawer.locator('[data-badge=editor]')
  const count = (await badge.count()) === 0 ? 0 : Number(await badge.textContent())
  await page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'hidden', timeout: 5_000 })
  return count
}

describe('Document editor', () => {
  it('cuts a batch of three real invoices, takes a dragged page, completes into three ER_U documents with their own numbers and totals, and the badge drops', async () => {
    const { invoices, bytes } = await realInvoiceBatch()
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/document-editor/${COMPANY}`)
    await page.waitForSelector('[data-testid=editor-batch-list]')
    await page.setInputFiles('[data-testid=editor-upload-input]', { name: 'scan-stapel.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) })
    await page.waitForSelector('[data-testid=editor-batch]')
    // Once the pages are read: three parts, two suggested cuts, each with its reasons.
    await expect.poll(() => page.locator('[data-testid=editor-part]').count(), { timeout: 120_000 }).toBe(3)
    const cuts = page.locator('[data-testid=editor-cut]')
    expect(await cuts.count()).toBe(2)
    // Staff reads German: the rental invoice starts with a new number and counter, Bei Spiel's also with its letterhead.
    expect(await cuts.nth(0).textContent()).toMatch(/Rechnungsnummer.*Seitenzähler|Seitenzähler.*Rechnungsnummer/)
    expect(await cuts.nth(1).textContent()).toMatch(/Lieferantenkopf/)
    const names = () => page.locator('[data-testid=editor-part-name]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
    expect(await names()).toEqual(invoices.map((invoice) => invoice.invoice_number))
    const parts = page.locator('[data-testid=editor-part]')
    const pageCounts = () => parts.evaluateAll((rows) => rows.map((row) => row.querySelectorAll('[data-testid=editor-page]').length))
    // The rental invoice's last page ("Seite 4 von 4") follows Bei Spiel's: the suggestion keeps it there.
    expect(await pageCounts()).toEqual([3, 3, 2])
    await page.waitForSelector('[data-testid=editor-preview] img')
    expect(await editorBadge(page)).toBe(1)
    await page.screenshot({ path: join(SCREENSHOTS, 'document-editor-batch.png') })
    expect(await seriousViolations(page)).toEqual([])

    // Drag it back to the end of the rental invoice (the free space after its last page).
    const stray = parts.nth(2).locator('[data-testid=editor-page]').nth(1)
    const target = parts.nth(1).locator('[data-testid=editor-part-pages]')
    const box = await target.boundingBox()
    const lastPage = await parts.nth(1).locator('[data-testid=editor-page]').last().boundingBox()
    if (!box || !lastPage) throw new Error('the rental invoice is not shown')
    await stray.dragTo(target, { targetPosition: { x: Math.min(box.width - 4, lastPage.x - box.x + lastPage.width + 40), y: 20 } })
    await expect.poll(pageCounts).toEqual([3, 4, 1])

    await page.click('[data-testid=editor-complete]')
    await page.waitForSelector('[data-testid=editor-complete-dialog]')
    // The dialog fades in: the screenshot waits for its animations to end.
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)))
    await page.screenshot({ path: join(SCREENSHOTS, 'document-editor-complete.png') })
    await page.click('[data-testid=editor-complete-submit]')
    await expect.poll(() => page.locator('[data-testid=editor-completed] li').count(), { timeout: 60_000 }).toBe(3)
    await expect.poll(() => editorBadge(page), { timeout: 30_000 }).toBe(0)

    // Three incoming invoices in ER_U, each read from its own pages with its own number and total.
    const staff: UserSession = await signInSession(server.url, 'staff@demo.portal')
    try {
      await expect
        // PostgreSQL answers a count as text, PGlite as a number.
        .poll(async () => Number((await server.knex('documents').where({ company_no: COMPANY, in_editor: false, processing_state: ProcessingState.done }).whereNotNull('editor_original_id').count({ n: '*' }).first())?.n), { timeout: 120_000 })
        .toBe(3)
      const documents = await staff.client.service('documents').find({ query: { client_no: COMPANY, $limit: 50 } })
      for (const invoice of invoices) {
        expect(documents.data.find((document) => document.invoice_number === invoice.invoice_number)).toMatchObject({
          document_type: DocumentKind.ER,
          total_gross: invoice.total_gross.toFixed(2),
          pages: invoice.pages,
        })
      }
    } finally {
      staff.client.close()
    }
    await page.goto(`${server.url}/invoices/${COMPANY}/er_u`)
    for (const invoice of invoices) await page.getByText(invoice.invoice_number).first().waitFor({ timeout: 30_000 })
  }, FLOW_TIMEOUT)

  it('gives a user without ded no editor, and the server refuses them', async () => {
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal', '/document-editor/1002')
    await page.waitForSelector('[data-testid=forbidden]')
    expect(await menuIds(page)).not.toContain('document-editor')
    const client = await signInSession(server.url, 'client@demo.portal')
    try {
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(await testBatchPdf(testInvoices(1, 6)))]), 'client.pdf')
      const response = await fetch(`${server.url}/api/documents/upload?client=1002&editor=1`, { method: 'POST', body: form, headers: { authorization: `Bearer ${client.token}` } })
      expect(response.status).toBe(403)
      await expect(client.client.service('document-editor').get(1)).rejects.toMatchObject({ code: 403 })
    } finally {
      client.client.close()
    }
  }, FLOW_TIMEOUT)
})
