import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FileChooser, Page } from 'playwright-core'
import { seriousViolations } from '../support/axe'
import { encodeGrayTiff } from '../../packages/server/src/extraction/ocr/tiff'
import { openBrowser, type BrowserSession } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import type { TestServer } from '../support/server'
import { signIn } from '../support/tokens'
import { signInAt, startWebPortal, type WebPortal } from './web-support'

// The Documents screen and the single-document view end to end: the built web app on the real server (real
// database, identity provider, extraction pipeline, sockets) in Debian's Chromium.
const CORPUS = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs')
const TEILRECHNUNG = join(CORPUS, 'XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')
const MIETE = join(CORPUS, 'XML-Rechnung__FX__EN16931_Miete.pdf')
const RABATTE = join(CORPUS, 'XML-Rechnung__FX__EN16931_Rabatte.pdf')
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir()
const COMPANY = 1001
/** Extraction shares two cores with everything else on a CI machine; give each flow room. */
const FLOW_TIMEOUT = 300_000

let portal: WebPortal
let server: TestServer
let session: BrowserSession | undefined
let scratch: string

/** Content-security-policy violations the open page reported (sign-in, lists, the pdf.js viewer): none allowed. */
let cspViolations: () => string[] = () => []

const open = async () => {
  session = await openBrowser({ viewport: { width: 1400, height: 900 } })
  cspViolations = await watchCspViolations(session.page)
  return session.page
}

const rowCount = (page: Page) => page.$$eval('[data-testid=document-row]', (rows) => rows.length)

beforeAll(async () => {
  portal = await startWebPortal('documents')
  ;({ server, scratch } = portal)
})
afterEach(async () => {
  const violations = cspViolations()
  cspViolations = () => []
  await session?.close()
  session = undefined
  expect(violations).toEqual([])
})
afterAll(async () => {
  await portal?.close()
})

describe('Documents screen', () => {
  it('uploads many files with per-file results, and the list follows their processing live', { tags: ['postgres-smoke'], timeout: FLOW_TIMEOUT }, async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/documents/${COMPANY}`)
    await page.waitForSelector('[data-testid=scene-documents]')
    const notes = join(scratch, 'notes.txt')
    await writeFile(notes, 'just some text')

    // The file picker opens from the keyboard (Tab to the button, Enter) and takes many files at once. The list has
    // loaded first (a loaded machine may still render it when the button takes focus); a press the page lost while
    // re-rendering is repeated once, so what fails is a picker that never opens by keyboard.
    await page.waitForFunction(() => !!document.querySelector('[data-testid=documents-table]') || !!document.body.textContent?.includes('Noch keine Belege'))
    let chooser: FileChooser | null = null
    for (let attempt = 0; attempt < 2 && !chooser; attempt += 1) {
      await page.getByRole('button', { name: 'Dateien auswählen' }).focus()
      const opened = page.waitForEvent('filechooser', { timeout: 15_000 }).catch(() => null)
      await page.keyboard.press('Enter')
      chooser = await opened
    }
    if (!chooser) throw new Error('the file picker did not open from the keyboard')
    expect(chooser.isMultiple()).toBe(true)
    await chooser.setFiles([TEILRECHNUNG, MIETE, notes])
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=upload-item][data-state=finished]').length === 3, null, { timeout: 60_000 })
    const results = await page.$$eval('[data-testid=upload-item]', (items) => items.map((item) => item.textContent ?? ''))
    // staff@demo.portal works in German.
    expect(results.filter((text) => text.includes('Hochgeladen') && text.includes('Beleg öffnen'))).toHaveLength(2)
    expect(results.find((text) => text.startsWith('notes.txt'))).toContain('Die Datei „notes.txt“ ist weder PDF, JPEG, PNG, TIFF noch eine XML-E-Rechnung.')

    // The rows arrive by `created` events and turn ready by `patched` events: no reload.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=document-row]').length === 2 && !document.querySelector('[data-status=processing]'),
      null,
      { timeout: 120_000 },
    )
    const statuses = await page.$$eval('[data-testid=document-row] [data-status]', (cells) => cells.map((cell) => cell.getAttribute('data-status')))
    expect(statuses).toEqual(['ready', 'ready'])
    await page.screenshot({ path: join(SCREENSHOTS, 'documents-list.png'), fullPage: true })
    expect(await seriousViolations(page)).toEqual([])

    // The same file again: 'Document already exists', with a link to the existing document.
    await page.click('text=Abgeschlossene Uploads ausblenden')
    await page.setInputFiles('[data-testid=upload-input]', [MIETE])
    await page.waitForSelector('[data-testid=upload-item][data-state=finished]')
    const again = await page.textContent('[data-testid=upload-item]')
    expect(again).toContain('Das Dokument existiert bereits')
    const existing = await page.getAttribute('[data-testid=upload-item] a', 'href')
    const mieteRow = await page.getAttribute('[data-testid=document-row]:has-text("Miete") a', 'href')
    expect(existing).toBe(mieteRow)
    expect(await rowCount(page)).toBe(2)
  })

  it('takes files dropped onto the upload area', async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/documents/${COMPANY}`)
    await page.waitForSelector('[data-testid=upload-drop-zone]')
    // A real drop event with a DataTransfer holding two files, as the browser fires it for files from the desktop.
    await page.evaluate(() => {
      const data = new DataTransfer()
      data.items.add(new File(['just some text'], 'dropped.txt', { type: 'text/plain' }))
      data.items.add(new File([], 'empty.pdf', { type: 'application/pdf' }))
      const zone = document.querySelector('[data-testid=upload-drop-zone]')!
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }))
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
    })
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=upload-item][data-state=finished]').length === 2, null, { timeout: 60_000 })
    const results = await page.$$eval('[data-testid=upload-item]', (items) => items.map((item) => item.textContent ?? ''))
    expect(results.find((text) => text.startsWith('dropped.txt'))).toContain('Die Datei „dropped.txt“ ist weder PDF')
    expect(results.find((text) => text.startsWith('empty.pdf'))).toContain('Die Datei „empty.pdf“ ist leer.')
  })

  it('shows a document uploaded elsewhere (another device, the CLI) without a reload', async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/documents/${COMPANY}`)
    await page.waitForSelector('[data-testid=documents-table]')
    const before = await rowCount(page)
    const tokens = await signIn(server.url, 'staff@demo.portal', 'portal-demo')
    const form = new FormData()
    const { readFile } = await import('node:fs/promises')
    form.append('files', new Blob([new Uint8Array(await readFile(RABATTE))]), 'rabatte.pdf')
    const response = await fetch(`${server.url}/api/documents/upload?client=${COMPANY}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.idToken}` } })
    expect(response.status).toBe(200)
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=document-row]').length === n, before + 1, { timeout: 30_000 })
    // Then its processing finishes live too (ready, or needs attention: the corpus reuses invoice numbers).
    const row = '[data-testid=document-row]:has-text("rabatte.pdf")'
    await page.waitForSelector(`${row} [data-status=ready], ${row} [data-status=attention]`, { timeout: 180_000 })
  }, FLOW_TIMEOUT)
})

describe('failed processing', () => {
  it('shows the reason of a failed document and Retry puts it through the pipeline again, live', async () => {
    // A document whose extraction failed for good (retries used up): its job and row say so.
    const row = await server.knex('documents').where({ company_no: COMPANY }).andWhere('file_name', 'like', '%Miete%').first()
    await server.knex('jobs').where({ id: row.job_id }).update({ state: 'failed', last_error: 'documents:refusal.brokenPdf' })
    await server.knex('documents').where({ id: row.id }).update({ processing_state: 'failed', processing_error: 'documents:refusal.brokenPdf' })

    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/documents/${COMPANY}`)
    const failed = page.locator(`[data-testid=document-row][data-document-id="${row.id}"]`)
    await failed.locator('[data-status=failed]').waitFor()
    expect(await failed.textContent()).toContain(`Grund: Das PDF „${row.file_name}“ ist beschädigt und kann nicht gelesen werden.`)
    await failed.getByRole('button', { name: `${row.file_name} erneut verarbeiten` }).click()
    await page.waitForSelector(`text=Die Verarbeitung von ${row.file_name} beginnt erneut.`)
    await failed.locator('[data-status=ready], [data-status=attention]').waitFor({ timeout: 180_000 })
    expect(await failed.getByRole('button').count()).toBe(0)
  }, FLOW_TIMEOUT)
})

describe('single-document view', () => {
  it('renders the pages with pdf.js, pages and zooms by keyboard, and highlights where a candidate stands', async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/documents/${COMPANY}`)
    await page.click('[data-testid=document-row] a:has-text("Teilrechnung")')
    await page.waitForSelector('[data-testid=pdf-page][data-rendered]', { timeout: 60_000 })
    expect(await page.textContent('h1')).toBe('XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')
    expect(await page.textContent('[data-testid=page-of]')).toBe('Seite 1 von 3')
    // The canvas really holds a drawn page: not a blank white rectangle.
    const inked = await page.$eval('[data-testid=pdf-page]', (canvas) => {
      const c = canvas as HTMLCanvasElement
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
      let dark = 0
      for (let i = 0; i < data.length; i += 4) if (data[i] < 128) dark++
      return dark
    })
    expect(inked).toBeGreaterThan(1000)

    await page.focus('[data-testid=page-stage]')
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(() => document.querySelector('[data-testid=page-of]')?.textContent === 'Seite 2 von 3')
    await page.keyboard.press('+')
    // The zoom and the redrawn canvas follow the key press a frame later; wait for both rather than race them.
    await page.waitForFunction(() => document.querySelector('[data-testid=zoom]')?.textContent === '125 %')
    await page.waitForFunction(() => Math.abs((document.querySelector('[data-testid=pdf-page]')?.getBoundingClientRect().width ?? 0) - 595 * 1.25) < 1)
    const wide = await page.$eval('[data-testid=pdf-page]', (c) => (c as HTMLCanvasElement).getBoundingClientRect().width)
    expect(wide).toBeCloseTo(595 * 1.25, 0)
    await page.keyboard.press('0')
    await page.keyboard.press('Home')
    await page.waitForFunction(() => document.querySelector('[data-testid=page-of]')?.textContent === 'Seite 1 von 3')

    // Current value and source of each field; the invoice number comes from the embedded XML.
    const invoiceNumber = page.locator('[data-testid=field-row][data-field=invoice_number]')
    expect(await invoiceNumber.textContent()).toContain('471102')
    expect(await invoiceNumber.locator('[data-testid=field-source]').textContent()).toBe('Quelle: aus der E-Rechnung gelesen')

    // On demand: every candidate, and a box on the page where the text-layer candidate stands.
    await invoiceNumber.getByRole('button').click()
    const candidates = page.locator('[data-testid=candidates] [data-testid=candidate]')
    await candidates.nth(1).waitFor()
    expect(await candidates.count()).toBeGreaterThanOrEqual(2)
    expect(await page.textContent('[data-testid=candidates]')).toContain('von der Seite gelesen')
    await page.locator('[data-testid=candidate]:has-text("von der Seite gelesen")').first().getByRole('button').click()
    await page.waitForSelector('[data-testid=highlight][data-active]')
    const box = await page.$eval('[data-testid=highlight][data-active]', (el) => el.getBoundingClientRect().toJSON() as DOMRect)
    const canvas = await page.$eval('[data-testid=pdf-page]', (el) => el.getBoundingClientRect().toJSON() as DOMRect)
    // Inside the page, in its upper part where the invoice number is printed.
    expect(box.left).toBeGreaterThan(canvas.left)
    expect(box.right).toBeLessThan(canvas.right)
    expect(box.top - canvas.top).toBeLessThan(canvas.height / 3)
    await page.screenshot({ path: join(SCREENSHOTS, 'single-document.png') })
    expect(await seriousViolations(page)).toEqual([])
  }, FLOW_TIMEOUT)

  it("tells a user without the company that the document either doesn't exist or is not theirs", async () => {
    const [foreignId] = await server.knex('documents').where({ company_no: COMPANY }).pluck('id')
    const page = await open()
    // client@demo.portal has company 1002 only and works in English.
    await signInAt(page, server.url, 'client@demo.portal', `/doc/${COMPANY}/${foreignId}`)
    await page.waitForSelector('[data-testid=document-no-access]')
    expect(await page.textContent('[data-testid=document-no-access]')).toContain("This document either doesn't exist, or you lack permission to view it")
    await page.goto(`${server.url}/doc/1002/999999`)
    await page.waitForSelector('[data-testid=document-no-access]')
    expect(await page.textContent('[data-testid=document-no-access]')).toContain("This document either doesn't exist, or you lack permission to view it")
  })

  it('shows a multi-page TIFF scan page by page, drawn by the server', async () => {
    // Two light gray pages of different sizes (no ink, so OCR has nothing to do), as a scanner writes them.
    const gray = (width: number, height: number) => ({ image: { width, height, data: new Uint8Array(width * height).fill(225) }, dpi: 100 })
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(encodeGrayTiff([gray(600, 800), gray(800, 600)]))]), 'scan.tiff')
    const tokens = await signIn(server.url, 'staff@demo.portal', 'portal-demo')
    const response = await fetch(`${server.url}/api/documents/upload?client=${COMPANY}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.idToken}` } })
    const id = ((await response.json()) as { results: { documentId: number }[] }).results[0].documentId

    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/doc/${COMPANY}/${id}`)
    const shown = '[data-testid=image-page][data-loaded]'
    await page.waitForSelector(shown, { timeout: 60_000 })
    expect(await page.textContent('[data-testid=page-of]')).toBe('Seite 1 von 2')
    // The browser decoded a PNG the server drew from the TIFF's first page.
    expect(await page.$eval(shown, (img) => (img as HTMLImageElement).naturalWidth)).toBe(600)
    await page.getByRole('button', { name: 'Nächste Seite' }).click()
    await page.waitForFunction(() => document.querySelector('[data-testid=page-of]')?.textContent === 'Seite 2 von 2')
    await page.waitForFunction(() => (document.querySelector('[data-testid=image-page][data-loaded]') as HTMLImageElement | null)?.naturalWidth === 800)
    expect(await seriousViolations(page)).toEqual([])
  }, FLOW_TIMEOUT)
})
