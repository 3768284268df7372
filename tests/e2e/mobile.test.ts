import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentRecord } from '../../packages/sdk/src/services/index'
import { seriousViolations } from '../support/axe'
import { CHROMIUM_PATH } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import { signInSession, type UserSession } from '../support/session'
import { menuIds, pathOf, signInAt, startWebPortal, submitSignInForm, waitForShell, type WebPortal } from './web-support'

// The portal on a phone (issue 36), in Debian's Chromium with a phone's viewport (390 × 844), touch and a fake camera
// whose picture is a receipt this test draws: a client captures a two-page receipt, goes offline, captures another,
// comes back online, and both arrive once and are read. Every client screen fits 360 px and passes axe in both
// languages and themes; the manifest passes Chromium's installability check; the service worker keeps no data.
const FLOW_TIMEOUT = 300_000
const PHONE = { width: 390, height: 844 }
const CLIENT = 'client@demo.portal'
const COMPANY = 1002

let portal: WebPortal
// One Chromium for the file: a persistent profile, since Chromium calls nothing installable in an incognito one.
let phoneContext: BrowserContext
let staff: UserSession
let receiptFile: string

/** The receipt the fake camera films: a till receipt on a dark table, a little tilted, as a phone sees it. */
const RECEIPT_HTML = `<!doctype html><html><head><meta name="viewport" content="width=1280"></head><body
  style="margin:0;background:#3a3a3a;width:1280px;height:960px;overflow:hidden">
<div style="position:absolute;left:390px;top:50px;width:500px;height:860px;background:#fbfaf6;transform:rotate(-4deg);
  font:30px/1.5 monospace;color:#111;padding:36px;box-sizing:border-box">
  <div style="font-size:38px;font-weight:bold">CAFE MUSTER GMBH</div><div>Hauptstraße 1, 1010 Wien</div><div>UID ATU12345678</div>
  <div>Rechnung Nr. 2026-0815</div><div>Datum 14.11.2026</div><br><div>2 Melange ...... 9,00</div><div>1 Strudel ...... 5,40</div>
  <br><div>Summe EUR ...... 14,40</div><div>davon 10% USt .. 1,31</div><div>Netto .......... 13,09</div></div></body></html>`

async function drawReceipt(path: string): Promise<void> {
  const page = await phoneContext.newPage()
  await page.setViewportSize({ width: 1280, height: 960 })
  await page.setContent(RECEIPT_HTML)
  const jpeg = await page.screenshot({ type: 'jpeg', quality: 90 })
  await page.close()
  // An MJPEG stream is its frames one after the other; Chromium's fake camera plays it in a loop.
  await writeFile(path, Buffer.concat([jpeg, jpeg, jpeg]))
}

interface PhoneOptions {
  colorScheme?: 'light' | 'dark'
  width?: number
}

const pages: { page: Page; csp: () => string[] }[] = []

/** A tab of the phone (touch, a coarse pointer, the camera allowed), in the theme and width given. */
async function phone(options: PhoneOptions = {}): Promise<Page> {
  const page = await phoneContext.newPage()
  await page.setViewportSize({ width: options.width ?? PHONE.width, height: PHONE.height })
  await page.emulateMedia({ colorScheme: options.colorScheme ?? 'light' })
  pages.push({ page, csp: await watchCspViolations(page) })
  return page
}

async function closePhones(): Promise<void> {
  const violations = pages.flatMap(({ csp }) => csp())
  for (const { page } of pages.splice(0)) await page.close()
  expect(violations).toEqual([])
}

beforeAll(async () => {
  portal = await startWebPortal('mobile', { PORTAL_DEMO_LEDGER: '1' })
  receiptFile = join(portal.scratch, 'receipt.mjpeg')
  phoneContext = await chromium.launchPersistentContext(join(portal.scratch, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    permissions: ['camera'],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // Read when a page first opens the camera: drawn below, before that.
      `--use-file-for-fake-video-capture=${receiptFile}`,
    ],
  })
  await drawReceipt(receiptFile)
  staff = await signInSession(portal.server.url, 'staff@demo.portal')
}, FLOW_TIMEOUT)

afterAll(async () => {
  staff?.client.close()
  await phoneContext?.close()
  await portal?.close()
})

/** Takes one receipt with the camera: `pages` shots, then send with the kind and note given. */
async function captureReceipt(page: Page, pages: number, note: string): Promise<void> {
  await page.getByTestId('capture-camera').click()
  const shoot = page.getByTestId('capture-shoot')
  for (let taken = 0; taken < pages; taken += 1) {
    await expect.poll(() => shoot.isEnabled(), { timeout: 30_000 }).toBe(true)
    await shoot.click()
    await expect.poll(() => page.getByTestId('capture-page').count(), { timeout: 30_000 }).toBe(taken + 1)
  }
  await page.getByTestId('upload-kind').selectOption('er_u')
  await page.getByTestId('capture-note').fill(note)
  await page.getByTestId('capture-send').click()
  await page.getByTestId('capture-session').waitFor({ state: 'detached', timeout: 30_000 })
}

const entry = (page: Page, index: number) => page.getByTestId('capture-entry').nth(index)

/** The client's documents named `file`, as the firm's staff sees them. */
async function documentsNamed(file: string): Promise<DocumentRecord[]> {
  const found = (await staff.client.service('documents').find({ query: { client_no: COMPANY, $limit: 200 } })) as { data: DocumentRecord[] } | DocumentRecord[]
  const list = Array.isArray(found) ? found : found.data
  return list.filter((document) => document.file_name === file)
}

describe('The portal on a phone', () => {
  it('a client lands on capture, takes a two-page receipt, another one offline, and both arrive once and are read', async () => {
    const page = await phone()
    await signInAt(page, portal.server.url, CLIENT, '/')
    await expect.poll(() => pathOf(page)).toBe(`/capture/${COMPANY}`)
    // A touch screen gets no drop-zone text.
    expect(await page.getByText('Drop PDF, JPEG').isVisible()).toBe(false)
    await page.getByTestId('capture-camera').waitFor()
    await page.getByText('from this device – many at once').waitFor()

    // Two pages of one receipt; the second moved before the first (reorder), one retaken.
    await page.getByTestId('capture-camera').click()
    const shoot = page.getByTestId('capture-shoot')
    for (let taken = 1; taken <= 2; taken += 1) {
      await expect.poll(() => shoot.isEnabled(), { timeout: 30_000 }).toBe(true)
      await shoot.click()
      await expect.poll(() => page.getByTestId('capture-page').count(), { timeout: 30_000 }).toBe(taken)
    }
    const pageImage = page.getByRole('img', { name: 'Page 1 as it will be sent' })
    const size = await pageImage.evaluate((image: HTMLImageElement) => ({ width: image.naturalWidth, height: image.naturalHeight }))
    // Straightened: the receipt's portrait page, not the camera's landscape picture.
    expect(size.height).toBeGreaterThan(size.width)
    // Small: a page under 500 KB.
    const bytes = Number(await page.getByTestId('capture-page').first().getAttribute('data-bytes'))
    console.log(`captured page: ${size.width} × ${size.height} px, ${Math.round(bytes / 1024)} KB`)
    expect(bytes).toBeLessThan(500_000)
    await page.getByRole('button', { name: 'Move page 2 earlier' }).click()
    await page.getByRole('button', { name: 'Retake page 2' }).click()
    await expect.poll(() => shoot.isEnabled(), { timeout: 30_000 }).toBe(true)
    expect(await shoot.textContent()).toContain('Retake page 2')
    await shoot.click()
    await page.getByTestId('capture-add-page').waitFor()
    expect(await page.getByTestId('capture-page').count()).toBe(2)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByTestId('upload-kind').selectOption('er_u')
    await page.getByTestId('capture-note').fill('Coffee with the auditor')
    await page.getByTestId('capture-send').click()
    await page.getByTestId('capture-session').waitFor({ state: 'detached', timeout: 30_000 })
    await expect.poll(() => entry(page, 0).getAttribute('data-state'), { timeout: 60_000 }).toBe('sent')
    const first = (await entry(page, 0).getAttribute('data-file'))!

    // Offline: the next capture waits on the phone and says so.
    await page.context().setOffline(true)
    await page.getByTestId('capture-offline').waitFor()
    await captureReceipt(page, 1, '')
    await expect.poll(() => entry(page, 0).textContent()).toContain('Waiting for a connection')
    expect(await entry(page, 0).getAttribute('data-state')).toBe('waiting')
    const second = (await entry(page, 0).getAttribute('data-file'))!
    expect(second).not.toBe(first)

    // Back online: it is sent by itself.
    await page.context().setOffline(false)
    await expect.poll(() => entry(page, 0).getAttribute('data-state'), { timeout: 60_000 }).toBe('sent')
    await page.getByTestId('capture-offline').waitFor({ state: 'detached' })

    // Both are with the firm once, read (extraction done), and the last uploads say so.
    for (const file of [first, second]) {
      await expect.poll(async () => (await documentsNamed(file)).map((d) => d.processing_state), { timeout: 180_000, interval: 1_000 }).toEqual(['done'])
      const row = page.locator(`[data-testid=last-upload][data-file="${file}"]`)
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toMatch(/^(ready|attention)$/)
    }
    const [twoPages] = await documentsNamed(first)
    expect(twoPages!.pages).toBe(2)
    expect(twoPages!.client_note).toBe('Coffee with the auditor')
    // Read from the straightened, evened photos: the receipt's total.
    expect(twoPages!.total_gross).toBe('14.40')

    // Installable: Chromium's own check finds nothing missing.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    const cdp = await page.context().newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }
    expect(installabilityErrors).toEqual([])
    // The service worker's caches hold the shell only: no document, no API answer, nothing of the identity provider.
    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
      return urls
    })
    expect(cached).toContain('/index.html')
    expect(cached.filter((path) => /^\/(api|socket\.io|realms|doc|capture)\b/.test(path))).toEqual([])
    expect(cached.every((path) => path === '/index.html' || /^\/(assets|icons)\/|^\/manifest-(en|de)\.webmanifest$/.test(path))).toBe(true)
    await closePhones()
  }, FLOW_TIMEOUT)

  it('fits every client screen into 360 px and passes axe in both languages and themes', async () => {
    const screens = [`/capture/${COMPANY}`, `/documents/${COMPANY}`, `/unpaid/${COMPANY}/er`, `/reports/${COMPANY}`, '/account/preferences']
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await phone({ colorScheme, width: 360 })
      // Signed in already: the phone's profile keeps the session of the first test (a fresh one signs in).
      await page.goto(`${portal.server.url}${screens[0]}`)
      await page.locator('[data-testid=top-bar], input[name=username]').first().waitFor()
      if (await page.locator('input[name=username]').isVisible()) await submitSignInForm(page, CLIENT)
      await waitForShell(page)
      for (const language of ['en', 'de']) {
        if (language === 'de') await page.getByTestId('language-button').click()
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language)
        for (const screen of screens) {
          await page.goto(`${portal.server.url}${screen}`)
          await page.getByTestId('top-bar').waitFor()
          await page.waitForFunction(() => !document.querySelector('[data-testid=loading]'))
          await page.locator('main h1, [data-testid^=scene-] h1').first().waitFor()
          const width = await page.evaluate(() => document.documentElement.scrollWidth)
          expect({ screen, language, colorScheme, width }).toEqual({ screen, language, colorScheme, width: 360 })
          expect({ screen, language, colorScheme, violations: await seriousViolations(page) }).toEqual({ screen, language, colorScheme, violations: [] })
          if (screen.startsWith('/capture')) {
            // The camera screen too, with its live picture.
            await page.getByTestId('capture-camera').click()
            await expect.poll(() => page.getByTestId('capture-shoot').isEnabled(), { timeout: 30_000 }).toBe(true)
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360)
            expect({ screen: 'camera', language, colorScheme, violations: await seriousViolations(page) }).toEqual({ screen: 'camera', language, colorScheme, violations: [] })
            await page.getByTestId('capture-discard').click()
          }
        }
        // No keyboard hints on a touch screen.
        await page.goto(`${portal.server.url}/unpaid/${COMPANY}/er`)
        await page.getByTestId('top-bar').waitFor()
        const hint = page.getByText(/Ctrl\+↑|Strg\+↑/)
        await expect.poll(() => hint.count()).toBeGreaterThan(0)
        expect(await hint.first().isVisible()).toBe(false)
      }
      // Back to English for the next theme (the language is saved on the user).
      await page.getByTestId('language-button').click()
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en')
      await closePhones()
    }
  }, FLOW_TIMEOUT)

  it('gives the firm\'s staff on a phone the same menu as on a desktop, laid out for the phone', async () => {
    const page = await phone()
    // The client of the tests before signs out; the staff member signs in on the same phone.
    await page.goto(`${portal.server.url}/logout`)
    await page.locator('input[name=username]').waitFor()
    await submitSignInForm(page, 'staff@demo.portal')
    await waitForShell(page)
    expect(pathOf(page)).not.toMatch(/^\/capture/)
    const onPhone = await menuIds(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width)
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.reload()
    await waitForShell(page)
    expect(await menuIds(page)).toEqual(onPhone)
    await closePhones()
  }, FLOW_TIMEOUT)
})
