import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_TOKEN_STORAGE_KEY, createPortalClient } from '@portal/sdk/client'
import { emitDocumentEvent } from '../../packages/server/src/models/documents/index'
import type { DocumentRecord } from '@portal/sdk/services'
import { seriousViolations } from '../support/axe'
import { openBrowser, type BrowserSession } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import { startTestServer, type TestServer } from '../support/server'
import { buildWeb, menuIds, pathOf, signInAt, submitSignInForm, waitForShell } from './web-support'
import { probeNativeTesseract } from '../../packages/server/src/extraction/ocr/engine'

// The portal end to end: the built web app served by the real server, the real identity provider and database,
// driven in Debian's Chromium.
let server: TestServer
let session: BrowserSession | undefined

/** Content-security-policy violations the open page reported (sign-in, every screen): none allowed. */
let cspViolations: () => string[] = () => []

const open = async (options?: Parameters<typeof openBrowser>[0]) => {
  session = await openBrowser(options)
  cspViolations = await watchCspViolations(session.page)
  return session.page
}

beforeAll(async () => {
  const dist = await buildWeb()
  server = await startTestServer({ env: { WEB_DIR: dist } })
})
afterEach(async () => {
  const violations = cspViolations()
  cspViolations = () => []
  await session?.close()
  session = undefined
  expect(violations).toEqual([])
})
afterAll(async () => {
  await server?.close()
})

const STAFF_MENU = ['overview', 'invoices', 'unpaid-items', 'reports', 'documents', 'requests', 'document-editor', 'documentation', 'app-info', 'account-preferences']
const CLIENT_MENU = ['invoices', 'unpaid-items', 'reports', 'documents', 'requests', 'documentation', 'app-info', 'account-preferences']
const ADMIN_MENU = [
  'overview', 'invoices', 'unpaid-items', 'banking', 'reports', 'documents', 'requests', 'document-editor',
  'admin', 'settings', 'addresses', 'adm-banking-overview', 'responsibility', 'fon-monitoring', 'user-admin', 'scanner-admin', 'sv-tool',
  'documentation', 'app-info', 'account-preferences',
]

describe('sign-in and menu', () => {
  it.each([
    ['admin@demo.portal', ADMIN_MENU, '/overview'],
    ['staff@demo.portal', STAFF_MENU, '/overview'],
    ['client@demo.portal', CLIENT_MENU, '/invoices/1002'],
  ])('%s signs in through the real form and sees exactly their menu', async (email, expected, landing) => {
    const page = await open()
    await signInAt(page, server.url, email)
    await page.waitForURL((url) => url.pathname === landing)
    // The sign-in answer (#state=…&code=…) is gone from the address bar.
    expect(new URL(page.url()).hash).toBe('')
    expect(await menuIds(page)).toEqual(expected)
    expect(await page.textContent('[data-testid=nav-drawer] [data-menu-id=account-preferences]')).toContain(email)
    expect(await page.title()).toMatch(/\| Portal$/)
  })
})

describe('shell', () => {
  it('switching company changes the URL and reloads the company data', async () => {
    const page = await open()
    const sent: string[] = []
    page.on('websocket', (ws) => ws.on('framesent', (frame) => sent.push(String(frame.payload))))
    await signInAt(page, server.url, 'staff@demo.portal', '/invoices/1001/er/17')
    expect(pathOf(page)).toBe('/invoices/1001/er/17')
    const picker = page.locator('[data-testid=company-picker]')
    expect(await picker.inputValue()).toContain('1001')
    await picker.click()
    // The input selects its text on focus, so typing replaces it.
    await page.keyboard.type('Donau')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/invoices/1003/er')
    await waitForShell(page)
    expect(await picker.inputValue()).toContain('1003 · Donau Logistik GmbH')
    await expect.poll(() => sent.some((f) => f.includes('"acc-periods"') && f.includes('"client":1003'))).toBe(true)
    await expect.poll(() => sent.some((f) => f.includes('"company-settings"') && f.includes('"client":1003'))).toBe(true)
  })

  it('German survives a reload and is used on the sign-in page', async () => {
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal')
    expect(await page.getAttribute('[data-testid=menu-button]', 'aria-label')).toBe('Open menu')
    await page.click('[data-testid=language-button]')
    await page.waitForFunction(() => document.documentElement.lang === 'de')
    await page.waitForSelector('[data-testid=menu-button][aria-label="Menü öffnen"]')
    // Saved on the server: the user's own record now says German.
    await expect.poll(async () => (await server.knex('users').where('email', 'client@demo.portal').first('locale'))?.locale).toBe('de')
    // The server reuses a verified token's session user for 5 s (SESSION_CACHE_MS); a reload after that
    // must come back in German from the user's saved language.
    await page.waitForTimeout(5_500)
    await page.reload()
    await waitForShell(page)
    expect(await page.getAttribute('[data-testid=menu-button]', 'aria-label')).toBe('Menü öffnen')
    // Signed out, the provider's sign-in page speaks German too.
    await page.goto(`${server.url}/logout`)
    await page.waitForSelector('input[name=username]')
    expect(await page.getAttribute('html', 'lang')).toBe('de')
    expect(await page.textContent('button[type=submit]')).toContain('Anmelden')
    // Back to English for the other tests of this user.
    await submitSignInForm(page, 'client@demo.portal')
    await waitForShell(page)
    await page.click('[data-testid=language-button]')
    await page.waitForSelector('[data-testid=menu-button][aria-label="Open menu"]')
    await expect.poll(async () => (await server.knex('users').where('email', 'client@demo.portal').first('locale'))?.locale).toBe('en')
  })

  it('dark mode survives a reload', async () => {
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal')
    expect(await page.getAttribute('html', 'data-color-mode')).toBe('light')
    await page.click('[data-testid=theme-button]')
    expect(await page.getAttribute('html', 'data-color-mode')).toBe('dark')
    expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBe('1')
    await page.reload()
    await waitForShell(page)
    expect(await page.getAttribute('html', 'data-color-mode')).toBe('dark')
  })

  it('an unknown URL shows not-found with a way back to the start', async () => {
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal', '/no/such/page')
    await page.waitForSelector('[data-testid=scene-not-found]')
    await page.click('[data-testid=back-to-start]')
    await page.waitForURL((url) => url.pathname === '/invoices/1002')
  })

  it('Escape closes the drawer and so does following a link', async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal')
    await menuIds(page)
    await page.keyboard.press('Escape')
    await page.waitForSelector('[data-testid=nav-drawer]', { state: 'detached' })
    await menuIds(page)
    await page.click('[data-testid=nav-drawer] [data-menu-id=reports]')
    await page.waitForSelector('[data-testid=nav-drawer]', { state: 'detached' })
    expect(pathOf(page)).toBe('/reports/1001')
  })

  it('a menu click while the landing screen still loads opens the drawer and keeps it open', async () => {
    const page = await open()
    // Hold the landing screen's code: the address bar already shows /overview while the shell still renders /. (On the
    // context: the portal's service worker fetches the code, and a page's routes do not see its requests.)
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await session!.context.route(/\/assets\/Overview-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await signInAt(page, server.url, 'staff@demo.portal')
    await page.waitForURL((url) => url.pathname === '/overview')
    await page.click('[data-testid=menu-button]')
    await page.waitForSelector('[data-testid=nav-drawer]')
    release()
    await page.waitForSelector('[data-testid=scene-overview]')
    expect(await page.isVisible('[data-testid=nav-drawer]')).toBe(true)
  })

  it('a forbidden URL shows a clear page and none of the content', async () => {
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal', '/banking/1002')
    await page.waitForSelector('[data-testid=forbidden]')
    expect(await page.$('[data-testid=scene-banking]')).toBeNull()
    await page.goto(`${server.url}/admin/sv-tool`)
    await waitForShell(page)
    await page.waitForSelector('[data-testid=forbidden]')
    expect(await page.$('[data-testid=scene-sv-tool]')).toBeNull()
  })

  it('logout returns to the sign-in page and the old token no longer works', async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal')
    const token = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY)
    expect(token).toBeTruthy()
    await menuIds(page)
    await page.click('[data-testid=logout]')
    await page.waitForSelector('input[name=username]')
    expect(await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY)).toBeNull()
    const client = createPortalClient({ url: server.url })
    try {
      await expect(client.authenticate({ strategy: 'jwt', accessToken: token! })).rejects.toMatchObject({ code: 401 })
    } finally {
      client.close()
    }
  })

  it('a token the server refuses (401) is dropped and leads back to sign-in', async () => {
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal')
    await page.evaluate((key) => localStorage.setItem(key, 'not.a.token'), ACCESS_TOKEN_STORAGE_KEY)
    const visited: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest()) visited.push(new URL(request.url()).pathname)
    })
    await page.reload()
    // The provider still knows the browser (single sign-on), so it answers without showing its form.
    await page.waitForURL((url) => url.pathname === '/invoices/1002' && url.hash === '' && visited.some((p) => p.startsWith('/realms/portal/')))
    await waitForShell(page)
    const token = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY)
    expect(token).not.toBe('not.a.token')
    expect(token?.split('.')).toHaveLength(3)
  })

  it('the session survives a dropped connection (re-authentication on reconnect)', async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', '/invoices/1001')
    const sockets: { closed: boolean }[] = []
    page.on('websocket', (ws) => {
      const entry = { closed: false }
      sockets.push(entry)
      ws.on('close', () => (entry.closed = true))
    })
    const navigations: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url())
    })
    // Cut every connection's transport, as a network drop would (a server-side disconnect would not reconnect).
    const io = (server.server.app as unknown as { io: { engine: { clients: Record<string, { close(): void }> } } }).io
    for (const connection of Object.values(io.engine.clients)) connection.close()
    await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(0)
    // The new connection is authenticated again: company data of another company loads without a sign-in.
    await page.click('[data-testid=company-picker]')
    await page.keyboard.type('1005')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/invoices/1005')
    await waitForShell(page)
    await page.waitForSelector('[data-testid=scene-invoices]')
    expect(await page.$('[data-testid=snackbar]')).toBeNull()
    // No trip to the identity provider and no page load: the stored token re-authenticated the new socket.
    expect(navigations).toEqual([])
  })

  it('/app-info shows the version, the build, the server version and the OCR engine reading scans', async () => {
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal', '/app-info')
    expect(await page.textContent('[data-testid=app-version]')).toBe('1.6.6')
    expect(await page.textContent('[data-testid=app-build]')).toBe('307')
    await page.waitForFunction(() => !/unknown/.test(document.querySelector('[data-testid=server-version]')?.textContent ?? ''))
    // The engine the server chose at start: the native tesseract where installed (CI installs it), else tesseract.js.
    const engine = probeNativeTesseract().ok ? /^tesseract \d+\.\d+\.\d+ \(native\)$/ : /^tesseract\.js \(WebAssembly\)$/
    await page.waitForFunction(() => !/unknown|unbekannt/.test(document.querySelector('[data-testid=ocr-engine]')?.textContent ?? 'unknown'))
    expect(await page.textContent('[data-testid=ocr-engine]')).toMatch(engine)
  })

  it('the Accounting badge updates live when a matching record appears', async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', '/invoices/1004')
    const badge = () => page.$('[data-testid=nav-rail] a[href="/invoices/1004"] span[aria-hidden=true]')
    const before = await (await badge())?.textContent()
    const [row] = (await server.knex('documents')
      .insert({
        company_no: 1004,
        document_type: 'ER',
        status: 0,
        sha256: 'e'.repeat(64),
        file_name: 'rechnung-4711.pdf',
        mime: 'application/pdf',
        aggregated: true,
      })
      .returning('*')) as DocumentRecord[]
    emitDocumentEvent(server.server.app, 'created', row)
    await expect
      .poll(async () => (await (await badge())?.textContent()) ?? '0', { timeout: 10_000 })
      .toBe(String(Number(before ?? '0') + 1))
  })
})

describe('accessibility', () => {

  it.each(['light', 'dark'] as const)('axe finds no serious or critical violation on shell pages (%s)', async (scheme) => {
    const page = await open({ colorScheme: scheme })
    await signInAt(page, server.url, 'admin@demo.portal', '/invoices/1001')
    expect(await page.getAttribute('html', 'data-color-mode')).toBe(scheme)
    expect(await seriousViolations(page)).toEqual([])
    await menuIds(page)
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    for (const path of ['/overview', '/app-info', '/account/preferences', '/no-such-page']) {
      await page.goto(`${server.url}${path}`)
      await waitForShell(page)
      await page.waitForSelector('main h1')
      expect(await seriousViolations(page), path).toEqual([])
    }
  })
})
