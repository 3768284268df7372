import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CaptureEntry } from '../../packages/sdk/src/state/captureQueue'
import { seriousViolations } from '../support/axe'
import { signInSession, type UserSession } from '../support/session'
import { cspCheckedPages, menuIds, pathOf, signInAt, startWebPortal, switchLanguage, waitForShell, type WebPortal } from './web-support'

// Every screen a client company's person uses, on a 360 × 740 phone with touch (issue 36), in English and German:
// nothing scrolls sideways (document.documentElement.scrollWidth ≤ 360), no keyboard hint shows, axe finds nothing
// serious; the requests screen is in the drawer; an app started without a connection shows the capture screen with
// what waits on the device and says it is offline, never a document or an answer from a cache. The shared Chromium
// of tests/support/browser.ts, with touch and a phone's metrics switched on over the debugging protocol.
const FLOW_TIMEOUT = 300_000
const PHONE = { width: 360, height: 740 }
const CLIENT = 'client@demo.portal'
const COMPANY = 1002

let portal: WebPortal
let staff: UserSession
const pages = cspCheckedPages({ viewport: PHONE })

beforeAll(async () => {
  portal = await startWebPortal('mobile-screens', { PORTAL_DEMO_LEDGER: '1' })
  staff = await signInSession(portal.server.url, 'staff@demo.portal')
}, FLOW_TIMEOUT)
afterEach(() => pages.closeAll())
afterAll(async () => {
  staff?.client.close()
  await portal?.close()
})

/** A tab of a phone: 360 × 740, a phone's metrics (the page's viewport meta applies) and touch (a coarse pointer). */
async function openPhone(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await pages.open({ viewport: PHONE, colorScheme })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setDeviceMetricsOverride', { ...PHONE, deviceScaleFactor: 2, mobile: true })
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 })
  // The test means what it says: the page sees a touch screen.
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
  return page
}

/** What a keyboard hint looks like in either language. */
const KEYBOARD_HINT = /Ctrl\s*\+|Strg\s*\+|\bEsc(ape)?\b|Keyboard shortcuts|Tastenkürzel|Tastatur/

/** The texts of the page a user sees (elements hidden by CSS left out). */
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText)

async function openScreen(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`${portal.server.url}${path}`)
  await page.getByTestId('top-bar').waitFor()
  await page.waitForFunction(() => !document.querySelector('[data-testid=loading]'))
  await page.locator(ready).first().waitFor()
}

// Each screen with what shows once it has its content.
const SCREENS: { name: string; path: string; ready: string }[] = [
  { name: 'capture', path: `/capture/${COMPANY}`, ready: '[data-testid=capture-camera]' },
  // Accounting with its first booked document open beside the list.
  { name: 'accounting', path: `/invoices/${COMPANY}/er`, ready: '[data-testid=invoice-row]' },
  { name: 'documents', path: `/documents/${COMPANY}`, ready: '[data-testid=scene-documents] h1' },
  { name: 'unpaid items', path: `/unpaid/${COMPANY}/er`, ready: '[data-testid=scene-unpaid-items] h1' },
  { name: 'reports', path: `/reports/${COMPANY}`, ready: '[data-testid=scene-reports] h1' },
  { name: 'requests', path: `/requests/${COMPANY}`, ready: '[data-testid=requests-list] li' },
  { name: 'account', path: '/account/preferences', ready: '[data-testid=scene-account-preferences] h1' },
]

describe('client screens on a 360 px phone', () => {
  it('fit 360 px without sideways scrolling, show no keyboard hint and pass axe, in English and German, light and dark', async () => {
    // A request with a long unbroken word and a thread, so the requests screen has its items to lay out.
    await staff.client.service('document-requests').create({
      company_no: COMPANY,
      kind: 'document',
      text: 'Bitte die Rechnung zur Überweisung an AT611904300234573201 (Referenz RE-2026-0815-Lieferantenzahlung) hochladen.',
      due_date: '2026-12-15',
    })
    const widths: string[] = []
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openPhone(colorScheme)
      await signInAt(page, portal.server.url, CLIENT, '/')
      // On a phone the client lands on capture.
      await expect.poll(() => pathOf(page)).toBe(`/capture/${COMPANY}`)
      for (const language of ['en', 'de'] as const) {
        await switchLanguage(page, language)
        for (const screen of SCREENS) {
          await openScreen(page, screen.path, screen.ready)
          const seen = { screen: screen.name, language, colorScheme }
          const width = await page.evaluate(() => document.documentElement.scrollWidth)
          widths.push(`${screen.name} ${language} ${colorScheme}: ${width}`)
          expect({ ...seen, width, fits: width <= PHONE.width }).toEqual({ ...seen, width, fits: true })
          expect({ ...seen, hints: (await visibleText(page)).match(KEYBOARD_HINT)?.[0] ?? null }).toEqual({ ...seen, hints: null })
          expect({ ...seen, violations: await seriousViolations(page) }).toEqual({ ...seen, violations: [] })
        }
        // Accounting's keyboard-shortcut button means nothing on a touch screen.
        await openScreen(page, `/invoices/${COMPANY}/er`, '[data-testid=invoice-row]')
        expect(await page.getByTestId('shortcuts-button').isVisible()).toBe(false)
      }
    }
    console.log(`widths at 360 px:\n${widths.join('\n')}`)
  }, FLOW_TIMEOUT * 2)

  it('offers the requests screen in the drawer', async () => {
    const page = await openPhone()
    await signInAt(page, portal.server.url, CLIENT, `/invoices/${COMPANY}`)
    const menu = await menuIds(page)
    expect(menu).toContain('requests')
    await page.locator('[data-testid=nav-drawer] [data-menu-id=requests]').click()
    await expect.poll(() => pathOf(page)).toBe(`/requests/${COMPANY}`)
    await page.getByTestId('scene-requests').waitFor()
  }, FLOW_TIMEOUT)
})

/**
 * Puts a capture waiting for a connection into the device's queue, as the capture screen keeps one taken offline (its
 * file encrypted beside it; the entry is what the list shows). Done offline: online, the app would try to send it.
 */
async function seedWaitingCapture(page: Page, owner: string): Promise<void> {
  const waiting: CaptureEntry = {
    id: 'capture-offline-test',
    owner,
    companyNo: COMPANY,
    note: '',
    fileName: 'Beleg 2026-11-28 07-15.pdf',
    pages: 1,
    createdAt: new Date().toISOString(),
    sha256: '0'.repeat(64),
    state: 'waiting',
    tries: 1,
  }
  await page.evaluate(
    (entry) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('portal-captures')
        // As the app's store (idb-keyval) makes it, should the capture screen not have opened it yet.
        open.onupgradeneeded = () => open.result.createObjectStore('entries')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          try {
            const transaction = open.result.transaction('entries', 'readwrite')
            transaction.objectStore('entries').put(entry, entry.id)
            transaction.oncomplete = () => resolve()
            transaction.onerror = () => reject(transaction.error)
          } catch (error) {
            reject(error as Error)
          }
        }
      }),
    waiting,
  )
}

describe('an app started offline', () => {
  it('shows the capture screen with the captures waiting on the device and says it is offline, in German and English', async () => {
    const page = await openPhone()
    await signInAt(page, portal.server.url, CLIENT, '/')
    await expect.poll(() => pathOf(page)).toBe(`/capture/${COMPANY}`)
    // The service worker has the shell and controls the app.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    // A page whose load began before the new worker took control stays uncontrolled (claim() takes only the pages that
    // exist then); its next load is controlled, as a user's next visit is.
    const controlled = () => page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000 })
    await controlled().catch(async () => {
      await page.reload()
      await waitForShell(page)
      await controlled()
    })
    const owner = await page.evaluate(() => JSON.parse(atob(localStorage.getItem('feathers-jwt')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub as string)
    for (const [language, offlineText, waitingText] of [
      ['de', 'Keine Verbindung', 'Wartet auf eine Verbindung'],
      ['en', 'No connection', 'Waiting for a connection'],
    ] as const) {
      await page.context().setOffline(false)
      await openScreen(page, `/capture/${COMPANY}`, '[data-testid=capture-camera]')
      await switchLanguage(page, language)
      await page.context().setOffline(true)
      await seedWaitingCapture(page, owner)
      // Started without a connection (a new tab of the installed app), on a screen with documents.
      const offline = await page.context().newPage()
      await offline.goto(`${portal.server.url}/documents/${COMPANY}`)
      const notice = offline.getByTestId('offline-start')
      await notice.waitFor()
      expect(await notice.textContent()).toContain(offlineText)
      expect(await offline.evaluate(() => document.documentElement.lang)).toBe(language)
      const entry = offline.getByTestId('capture-entry')
      await entry.waitFor()
      expect(await entry.getAttribute('data-state')).toBe('waiting')
      expect(await entry.textContent()).toContain('Beleg 2026-11-28 07-15.pdf')
      expect(await entry.textContent()).toContain(waitingText)
      // No document, no list, no company data: nothing of the server's answers is on the screen.
      expect(await offline.locator('[data-testid=scene-documents], [data-testid=last-upload], [data-testid=open-requests]').count()).toBe(0)
      expect(await offline.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      expect(await seriousViolations(offline)).toEqual([])
      await offline.close()
    }
    await page.context().setOffline(false)
  }, FLOW_TIMEOUT)
})
