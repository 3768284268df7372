import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { build } from 'vite'

/** Folder of the web package (vite root). */
export const WEB_ROOT = fileURLToPath(new URL('../../packages/web', import.meta.url))

/** Builds the portal with Vite into packages/web/dist, as `npm start` does; returns the dist folder. */
export async function buildWeb(): Promise<string> {
  await buildWebInto(`${WEB_ROOT}/dist`)
  return `${WEB_ROOT}/dist`
}

/** Builds the portal with Vite into `outDir` (a test's own folder, so parallel runs never share a dist). */
export async function buildWebInto(outDir: string): Promise<void> {
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ root: WEB_ROOT, mode: 'production', logLevel: 'error', configFile: `${WEB_ROOT}/vite.config.ts`, build: { outDir, emptyOutDir: true } })
  } finally {
    process.env.NODE_ENV = previous
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
