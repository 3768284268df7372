import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { seriousViolations } from '../support/axe'
import type { TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { cspCheckedPages, signInAt, startWebPortal, submitSignInForm, waitForShell, type WebPortal } from './web-support'

// User administration end to end: the built portal on the real server (database, identity provider, sockets) in
// Debian's Chromium. An administrator changes three users in bulk after a preview and one of them, signed in in another
// browser, sees the new menu entry at once; a disabled user's open portal drops to the sign-in page.
/** Screenshots for docs/users.md (SCREENSHOT_DIR=docs/img) or a temporary folder. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir()
const FLOW_TIMEOUT = 240_000
const EXTRA_USERS = ['anton.berger@demo.portal', 'maria.wolf@demo.portal']

let portal: WebPortal
let server: TestServer
let admin: UserSession
const pages = cspCheckedPages({ viewport: { width: 1440, height: 900 } })
const open = () => pages.open()

const row = (page: Page, email: string) => page.locator(`[data-testid=user-row][data-email="${email}"]`)
const railLink = (page: Page, path: string) => page.locator(`[data-testid=nav-rail] a[href^="${path}"]`)

/** Chooses an entry of a user's row menu (the labels are the page's language). */
async function rowMenu(page: Page, email: string, item: RegExp): Promise<void> {
  await row(page, email).locator('[data-testid=user-menu]').click()
  await page.getByRole('menuitem', { name: item }).click()
}

beforeAll(async () => {
  portal = await startWebPortal('user-admin')
  server = portal.server
  admin = await signInSession(server.url, 'admin@demo.portal')
  for (const [index, email] of EXTRA_USERS.entries()) {
    await admin.client.service('users').create({ email, firstName: ['Anton', 'Maria'][index], lastName: ['Berger', 'Wolf'][index], permissions: ['doc'], klienten: [1001] })
  }
}, FLOW_TIMEOUT)
afterEach(() => pages.closeAll())
afterAll(async () => {
  admin?.client.socket.disconnect()
  await portal?.close()
})

describe('User administration', () => {
  it('adds a permission to three users after a preview, and the signed-in one sees the new menu entry at once', async () => {
    const staffPage = await open()
    await signInAt(staffPage, server.url, 'staff@demo.portal', '/overview')
    await railLink(staffPage, '/overview').waitFor()
    expect(await railLink(staffPage, '/banking').count()).toBe(0)

    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', '/user-admin')
    await row(page, 'staff@demo.portal').waitFor()
    expect(await page.locator('[data-testid=user-row]').count()).toBe(5)
    // Keyboard: Space on a focused row selects it; the others by their boxes.
    await row(page, 'staff@demo.portal').focus()
    await page.keyboard.press(' ')
    for (const email of EXTRA_USERS) await row(page, email).getByRole('checkbox').check()
    await expect.poll(() => page.textContent('[data-testid=selection-count]')).toBe('3 ausgewählt')
    await page.keyboard.press('b')
    const dialog = page.getByTestId('bulk-dialog')
    await dialog.getByTestId('bulk-add-permissions').getByRole('checkbox', { name: /^ban/ }).check()
    await dialog.getByTestId('bulk-preview').click()
    await expect.poll(() => dialog.getByTestId('bulk-diff').count()).toBe(3)
    expect((await dialog.getByTestId('bulk-diff').allTextContents()).sort()).toEqual(
      ['anton.berger@demo.portal', 'maria.wolf@demo.portal', 'staff@demo.portal'].map((email) => `${email}erhält Berechtigungen ban`).sort(),
    )
    // The preview changed nothing yet.
    expect(await railLink(staffPage, '/banking').count()).toBe(0)
    expect(await row(page, 'staff@demo.portal').getByTestId('user-permissions').textContent()).not.toContain('ban')
    await page.screenshot({ path: join(SCREENSHOTS, 'user-admin-bulk-de.png') })
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByTestId('bulk-apply').click()
    await dialog.waitFor({ state: 'detached' })

    // The affected user's open portal: the Banking entry appears without a reload.
    await railLink(staffPage, '/banking').waitFor({ timeout: 15_000 })
    for (const email of [...EXTRA_USERS, 'staff@demo.portal']) {
      await expect.poll(() => row(page, email).getByTestId('user-permissions').textContent()).toContain('ban')
    }
    // Every change is in the audit log.
    await page.getByTestId('tab-audit').click()
    await expect.poll(() => page.locator('[data-testid=audit-entry]').count()).toBeGreaterThanOrEqual(3)

    // The same screen in English for the documentation.
    await page.getByTestId('tab-users').click()
    await page.getByTestId('language-button').click()
    await page.getByRole('button', { name: 'New user' }).waitFor()
    await row(page, 'staff@demo.portal').waitFor()
    // The German confirmation of the change has gone (the snackbar closes by itself).
    await page.getByTestId('snackbar').waitFor({ state: 'detached', timeout: 15_000 })
    await page.screenshot({ path: join(SCREENSHOTS, 'user-admin-en.png') })
  }, FLOW_TIMEOUT)

  it('disables a signed-in user: their open portal drops to the sign-in page; re-enabled, they sign in again', async () => {
    const staffPage = await open()
    await signInAt(staffPage, server.url, 'staff@demo.portal', '/overview')
    await railLink(staffPage, '/overview').waitFor()

    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', '/user-admin?q=staff')
    await row(page, 'staff@demo.portal').waitFor()
    await rowMenu(page, 'staff@demo.portal', /^(Deaktivieren|Disable)$/)
    await page.getByRole('alertdialog').getByRole('button', { name: /^(Deaktivieren|Disable)$/ }).click()
    await expect.poll(() => row(page, 'staff@demo.portal').getAttribute('data-enabled')).toBe('false')

    // Their session ended on the server: the portal shows the identity provider's sign-in form, and signing in fails.
    await staffPage.waitForSelector('input[name=username]', { timeout: 30_000 })
    await submitSignInForm(staffPage, 'staff@demo.portal')
    await staffPage.waitForSelector('input[name=username]')
    expect(await staffPage.$('[data-testid=top-bar]')).toBeNull()

    await rowMenu(page, 'staff@demo.portal', /^(Aktivieren|Enable)$/)
    await expect.poll(() => row(page, 'staff@demo.portal').getAttribute('data-enabled')).toBe('true')
    await submitSignInForm(staffPage, 'staff@demo.portal')
    await waitForShell(staffPage)
    await railLink(staffPage, '/overview').waitFor()
  }, FLOW_TIMEOUT)

  it('assigns client companies to a staff member in bulk and filters by them', async () => {
    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', '/responsibility')
    const companyRow = (no: number) => page.locator(`[data-testid=responsibility-row][data-company="${no}"]`)
    await companyRow(1001).waitFor()
    for (const no of [1001, 1003]) await companyRow(no).getByRole('checkbox').check()
    const staff = await page.locator('#responsibility-assign-to option', { hasText: 'staff@demo.portal' }).getAttribute('value')
    await page.selectOption('#responsibility-assign-to', staff!)
    await page.getByTestId('assign').click()
    await expect.poll(() => companyRow(1003).getByTestId('responsibility-staff').textContent()).toContain('staff@demo.portal')
    await page.selectOption('#responsibility-staff-filter', staff!)
    await expect
      .poll(() => page.$$eval('[data-testid=responsibility-row]', (rows) => rows.map((r) => Number(r.getAttribute('data-company')))))
      .toEqual([1001, 1003])
    expect(new URL(page.url()).searchParams.get('staff')).toBe(staff)
    expect(await seriousViolations(page)).toEqual([])
  }, FLOW_TIMEOUT)

  it('gives a user without kca no user administration, and the server refuses them too', async () => {
    const page = await open()
    await signInAt(page, server.url, 'client@demo.portal', '/user-admin')
    await page.getByTestId('forbidden').waitFor()
    expect(await page.locator('[data-testid=user-table]').count()).toBe(0)
    expect(await railLink(page, '/user-admin').count()).toBe(0)

    const client = await signInSession(server.url, 'client@demo.portal')
    try {
      await expect(client.client.service('users').find({ query: {} })).rejects.toMatchObject({ code: 403 })
      await expect(client.client.service('user-bulk').create({ changes: [{ email: 'client@demo.portal', addPermissions: ['kca'] }] })).rejects.toMatchObject({ code: 403 })
    } finally {
      client.client.socket.disconnect()
    }
  }, FLOW_TIMEOUT)
})
