import { execFile } from 'node:child_process'
import { writeFile, copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { ScannerTokenAnswer, UploadResponse } from '../../packages/sdk/src/services/index'
import { encodeGrayTiff } from '../../packages/server/src/extraction/ocr/tiff'
import { openBrowser, type BrowserSession } from '../support/browser'
import type { TestServer } from '../support/server'
import { runPortal, signInPortal } from './cli.support'
import { signInAt, startWebPortal, type WebPortal } from './web-support'

// Scanners end to end (issue 14): an administrator registers a scanner with the real `portal` binary, the scanner
// posts a multi-page TIFF and a PDF with its token through `curl`, and the portal shows both arriving and being read,
// live, in Chromium; once revoked, the token is refused.
const INVOICE_PDF = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_Miete.pdf')
const SECOND_PDF = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_Rabatte.pdf')
const COMPANY = 1001
const FLOW_TIMEOUT = 300_000
const run = promisify(execFile)

let portal: WebPortal
let server: TestServer
let scratch: string
let browser: BrowserSession
let env: Record<string, string>

/** A light gray page: no ink, so reading it is quick. */
const grayPage = (width: number, height: number) => ({ image: { width, height, data: new Uint8Array(width * height).fill(235) }, dpi: 150 })

/** Posts a file to the scanner door with curl, exactly as the docs show; answers the HTTP status and the JSON body. */
async function curlScan(token: string, file: string): Promise<{ status: number; body: { results?: UploadResponse['results']; data?: { key?: string } } }> {
  const { stdout } = await run('curl', ['-sS', '-H', `Authorization: Bearer ${token}`, '-F', `files=@${file}`, '-w', '\n%{http_code}', `${server.url}/api/scanner/upload?type=er_u`])
  const lines = stdout.trimEnd().split('\n')
  const status = Number(lines.pop())
  return { status, body: JSON.parse(lines.join('\n')) as { results?: UploadResponse['results'] } }
}

/** The list row of a document on the Accounting screen, once it shows and no longer says it is being read. */
async function processedRow(page: Page, documentId: number): Promise<void> {
  const row = page.locator(`[data-testid=invoice-row][data-document-id="${documentId}"]`)
  await row.waitFor({ timeout: 60_000 })
  await page.waitForFunction(
    (id) => {
      const element = document.querySelector(`[data-testid=invoice-row][data-document-id="${id}"]`)
      return element !== null && element.querySelector('[data-testid=processing-state]') === null
    },
    documentId,
    { timeout: 180_000 },
  )
}

beforeAll(async () => {
  portal = await startWebPortal('scanners')
  ;({ server, scratch } = portal)
  env = { PORTAL_CONFIG_DIR: join(scratch, 'cli'), PORTAL_SERVER: server.url }
  await writeFile(join(scratch, 'scan.tiff'), encodeGrayTiff([grayPage(1240, 1754), grayPage(1240, 1754)]))
  await copyFile(INVOICE_PDF, join(scratch, 'rechnung.pdf'))
  await copyFile(SECOND_PDF, join(scratch, 'zweite.pdf'))
}, FLOW_TIMEOUT)

afterAll(async () => {
  await browser?.close()
  await portal?.close()
})

describe('a scanner delivers into the portal', () => {
  it(
    'registered with `portal`, it posts a TIFF and a PDF with curl; both appear and are read live; revoked, it is refused',
    async () => {
      // The administrator signs the CLI in (device code, approved in the provider's pages) and registers the scanner.
      expect((await signInPortal(env, 'admin@demo.portal')).code).toBe(0)
      const registered = await runPortal(['scanners', 'register', '--location', 'Empfang', '--company', String(COMPANY), '--user', 'staff@demo.portal', '--json'], env)
      expect(registered.code).toBe(0)
      const { scanner, token } = JSON.parse(registered.stdout) as ScannerTokenAnswer
      expect(scanner).toMatchObject({ location: 'Empfang', company_no: COMPANY, activated: true })
      const listed = await runPortal(['scanners', 'list'], env)
      expect(listed.stdout).toMatch(/Empfang/)
      expect(listed.stdout).not.toContain(token)

      // The scanner manager shows it, never seen yet.
      browser = await openBrowser({ viewport: { width: 1440, height: 900 } })
      const { page } = browser
      await signInAt(page, server.url, 'admin@demo.portal', '/scanner-admin')
      const row = page.locator(`[data-testid=scanner-row][data-scanner-id="${scanner.id}"]`)
      await expect(row.locator('[data-testid=scanner-today]').textContent()).resolves.toBe('0')

      // Accounting is open on the company's incoming invoices while the scanner delivers.
      await page.goto(`${server.url}/invoices/${COMPANY}`)
      await page.waitForSelector('[data-testid=list-count], [data-testid=list-empty]')
      const tiff = await curlScan(token, join(scratch, 'scan.tiff'))
      expect(tiff.status).toBe(200)
      expect(tiff.body.results?.[0]).toMatchObject({ file: 'scan.tiff', status: 'uploaded' })
      const pdf = await curlScan(token, join(scratch, 'rechnung.pdf'))
      expect(pdf.body.results?.[0]).toMatchObject({ file: 'rechnung.pdf', status: 'uploaded' })
      await processedRow(page, tiff.body.results![0].documentId!)
      await processedRow(page, pdf.body.results![0].documentId!)
      const stored = await server.knex('documents').whereIn('id', [tiff.body.results![0].documentId!, pdf.body.results![0].documentId!]).orderBy('id').select('company_no', 'mime', 'pages')
      expect(stored).toEqual([
        { company_no: COMPANY, mime: 'image/tiff', pages: 2 },
        { company_no: COMPANY, mime: 'application/pdf', pages: expect.any(Number) },
      ])

      // A scanning PC delivers with `portal upload` and the token alone: no one is signed in on it.
      const station = { PORTAL_CONFIG_DIR: join(scratch, 'station'), PORTAL_SERVER: server.url, PORTAL_SCANNER_TOKEN: token }
      const delivered = await runPortal(['upload', join(scratch, 'zweite.pdf'), '--json'], station)
      expect(delivered.code).toBe(0)
      expect(JSON.parse(delivered.stdout)).toMatchObject({ client: null, results: [{ status: 'uploaded' }] })

      // Back in the scanner manager: three documents today, seen just now; revoking shows at once and the token is refused.
      await page.goto(`${server.url}/scanner-admin`)
      await page.waitForSelector(`[data-testid=scanner-row][data-scanner-id="${scanner.id}"]`)
      await expect(row.locator('[data-testid=scanner-today]').textContent()).resolves.toBe('3')
      expect(await row.locator('[data-testid=scanner-last-seen]').textContent()).not.toMatch(/^(Nie|Never)$/)
      const revoked = await runPortal(['scanners', 'revoke', String(scanner.id)], env)
      expect(revoked.code).toBe(0)
      await row.locator('[data-testid=scanner-state] :text-matches("widerrufen|revoked", "i")').waitFor({ timeout: 15_000 })
      const refused = await curlScan(token, join(scratch, 'rechnung.pdf'))
      expect(refused.status).toBe(401)
      expect(refused.body.data?.key).toBe('scanners:refusal.unknownToken')
    },
    FLOW_TIMEOUT,
  )
})
