import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { openBrowser, type BrowserSession, type OpenBrowserOptions } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import { startTestServer, type TestServer } from '../support/server'
import { viteBuildInto, WEB_ROOT } from './web-build'

/** Builds the portal into packages/web/dist, as `npm start` does; returns the dist folder. */
export async function buildWeb(): Promise<string> {
  await buildWebInto(`${WEB_ROOT}/dist`)
  return `${WEB_ROOT}/dist`
}

/** The run's shared web build (tests/e2e/global-setup.ts), or undefined outside a vitest e2e run (the bench). */
function sharedBuild(): string | undefined {
  try {
    return inject('webDist')
  } catch {
    return undefined
  }
}

/** The portal built into `outDir` (a test's own folder, so parallel runs never share a dist): a copy of the run's build. */
export async function buildWebInto(outDir: string): Promise<void> {
  const shared = sharedBuild()
  if (!shared) return viteBuildInto(outDir)
  await rm(outDir, { recursive: true, force: true })
  await cp(shared, outDir, { recursive: true })
}

/** The built portal on a real server of a test file's own, with a scratch folder for the file's other files. */
export interface WebPortal {
  server: TestServer
  /** The test file's temporary folder (the web build is in its dist/). */
  scratch: string
  /** Stops the server and removes the scratch folder. */
  close(): Promise<void>
}

/**
 * Builds the web app into a fresh scratch folder (`portal-<name>-e2e-…`) and starts a test server serving it, with
 * `env` added to the server's environment (e.g. PORTAL_DEMO_LEDGER=1 for the demo's booked documents).
 */
export async function startWebPortal(name: string, env: Record<string, string> = {}): Promise<WebPortal> {
  const scratch = await mkdtemp(join(tmpdir(), `portal-${name}-e2e-`))
  await buildWebInto(join(scratch, 'dist'))
  const server = await startTestServer({ env: { ...env, WEB_DIR: join(scratch, 'dist') } })
  return {
    server,
    scratch,
    async close() {
      await server.close()
      await rm(scratch, { recursive: true, force: true })
    },
  }
}

/**
 * Chromium pages of one test, each watched for content-security-policy violations: `open` opens one; `closeAll`
 * (in afterEach) closes them and fails the test if any page reported a violation.
 */
export function cspCheckedPages(defaults: OpenBrowserOptions): { open(options?: OpenBrowserOptions): Promise<Page>; closeAll(): Promise<void> } {
  const sessions: BrowserSession[] = []
  let checks: (() => string[])[] = []
  return {
    async open(options = {}) {
      const session = await openBrowser({ ...defaults, ...options })
      sessions.push(session)
      checks.push(await watchCspViolations(session.page))
      return session.page
    },
    async closeAll() {
      const violations = checks.flatMap((check) => check())
      checks = []
      for (const session of sessions.splice(0)) await session.close()
      expect(violations).toEqual([])
    },
  }
}

/** Shared password of the demo accounts. */
export const DEMO_PASSWORD = 'portal-demo'

/** Submits the identity provider's sign-in form (the page must be showing it). */
export async function submitSignInForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.waitForSelector('input[name=username]')
  await page.fill('input[name=username]', email)
  await page.fill('input[name=password]', password)
  await page.click('button[type=submit]')
}

/** Opens `path` on the portal, signs in through the real form, and waits for the shell. */
export async function signInAt(page: Page, url: string, email: string, path = '/'): Promise<void> {
  await page.goto(`${url}${path}`)
  await submitSignInForm(page, email)
  await waitForShell(page)
}

/** Waits until the signed-in shell shows (top bar rendered, nothing loading). */
export async function waitForShell(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=top-bar]')
  await page.waitForFunction(() => !document.querySelector('[data-testid=loading]'))
}

/** Opens the navigation drawer and answers the menu ids in order. */
export async function menuIds(page: Page): Promise<string[]> {
  await page.click('[data-testid=menu-button]')
  await page.waitForSelector('[data-testid=nav-drawer]')
  return page.$$eval('[data-testid=nav-drawer] [data-menu-id]', (elements) =>
    elements.map((element) => element.getAttribute('data-menu-id') ?? ''),
  )
}

/** The path of the page's URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname
}

/** Switches the portal's language with the top bar's language button (if it is not that language already). */
export async function switchLanguage(page: Page, language: 'en' | 'de'): Promise<void> {
  if ((await page.getAttribute('html', 'lang')) !== language) await page.click('[data-testid=language-button]')
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language)
}
