import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { seriousViolations } from '../support/axe'
import type { TestServer } from '../support/server'
import { cspCheckedPages, pathOf, signInAt, startWebPortal, type WebPortal } from './web-support'

// Suppliers and customers end to end: the built portal on the real server (database, provider, sockets) in Debian's
// Chromium. Staff open the screen from Accounting, create a supplier by keyboard, and a second open page shows it
// appear live; a second supplier with the same VAT id is refused at the field, naming the first.
const COMPANY = 1003
const FLOW_TIMEOUT = 300_000
/** Screenshots for docs/accounts.md (SCREENSHOT_DIR=docs/img) or a temporary folder. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir()

let portal: WebPortal
let server: TestServer
const pages = cspCheckedPages({ viewport: { width: 1440, height: 900 } })
const open = () => pages.open()

beforeAll(async () => {
  portal = await startWebPortal('accounts')
  server = portal.server
}, FLOW_TIMEOUT)
afterEach(() => pages.closeAll())
afterAll(() => portal?.close())

const row = (page: Page, account: number) => page.locator(`[data-testid=account-row][data-account="${account}"]`)

describe('Suppliers and customers screen', () => {
  it('creates a supplier in the browser and a second open page sees it appear live; a duplicate VAT id is refused naming it', async () => {
    const watcher = await open()
    await signInAt(watcher, server.url, 'staff@demo.portal', `/accounts/${COMPANY}`)
    await watcher.waitForSelector('[data-testid=account-row]')
    expect(await row(watcher, 331234).count()).toBe(0)

    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', `/invoices/${COMPANY}/er_u`)
    await page.click('[data-testid=open-accounts]')
    await page.waitForSelector('[data-testid=accounts-panel] [data-testid=account-row]')
    expect(pathOf(page)).toBe(`/accounts/${COMPANY}`)
    expect(await seriousViolations(page)).toEqual([])

    // By keyboard: "n" opens the form with the number focused; Enter saves.
    await page.keyboard.press('n')
    await page.waitForSelector('[data-testid=account-form]')
    await page.keyboard.type('331234')
    expect(await page.textContent('[data-testid=account-kind]')).toContain('Lieferantenkonto')
    await page.fill('[data-testid=field-name]', 'Tischlerei Berger GmbH')
    await page.fill('[data-testid=field-vat_id]', 'ATU 1358 5627')
    await page.fill('[data-testid=field-town]', 'Linz')
    await page.selectOption('[data-testid=field-tax_code]', 'V20')
    await page.focus('[data-testid=field-town]')
    await page.keyboard.press('Enter')
    await row(page, 331234).waitFor()
    expect(await page.locator('[data-testid=account-form]').count()).toBe(0)
    await shot(page, 'accounts-list.png')

    // The other page got the created event: the supplier appears without reloading.
    await row(watcher, 331234).waitFor({ timeout: 15_000 })
    expect(await row(watcher, 331234).textContent()).toContain('Tischlerei Berger GmbH')
    expect(await row(watcher, 331234).textContent()).toContain('ATU13585627')

    // The same VAT id under another number: refused at the field, naming the account that has it.
    await watcher.click('[data-testid=account-new]')
    await watcher.fill('[data-testid=field-account]', '331235')
    await watcher.fill('[data-testid=field-name]', 'Berger Tischlerei')
    await watcher.fill('[data-testid=field-vat_id]', 'ATU13585627')
    await watcher.click('[data-testid=account-save]')
    await watcher.waitForSelector('[data-testid=error-vat_id]')
    expect(await watcher.textContent('[data-testid=error-vat_id]')).toBe('Die UID ATU13585627 gehört bereits zum Konto 331234 Tischlerei Berger GmbH.')
    await shot(watcher, 'accounts-duplicate.png')
    expect(await row(watcher, 331235).count()).toBe(0)
  }, FLOW_TIMEOUT)

  it('lets an administrator change a tax code of the firm after seeing old → new, and the line shows the default beside it', async () => {
    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', `/accounts/${COMPANY}`)
    await page.click('[data-testid=tab-tax-codes]')
    await page.waitForSelector('[data-testid=tax-code-row][data-code=U13]')
    expect(pathOf(page)).toBe(`/accounts/${COMPANY}/tax-codes`)
    // Each unchanged value says whether the vendor documents it or it is our default (issue 31); foreign VAT has a line.
    expect(await page.textContent('[data-code=VRC20] [data-testid=tax-bmd-value]')).toBe('19 · von BMD dokumentiert')
    expect(await page.textContent('[data-code=VAUS] [data-testid=tax-datev-value]')).toBe('keiner · unsere Vorgabe')
    const line = page.locator('[data-testid=tax-code-row][data-code=U13]')
    await line.locator('[data-testid=tax-edit]').click()
    await page.fill('[data-testid=tax-datev]', '14')
    await page.keyboard.press('Enter')
    expect(await page.textContent('[data-testid=tax-preview]')).toBe('U13 ändern: BMD 1 → 1, DATEV 4 → 14')
    await page.getByRole('button', { name: 'Änderung übernehmen' }).click()
    await page.waitForFunction(() => document.querySelector('[data-code=U13] [data-testid=tax-datev-value]')?.textContent === '14 (Vorgabe 4)')
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'accounts-tax-codes.png')
    const stored = await server.knex('tax_code_target_changes').where({ code: 'U13' }).first()
    expect(stored).toMatchObject({ old_datev_bu: '4', new_datev_bu: '14', changed_by_name: 'Anna Huber' })
  }, FLOW_TIMEOUT)
})

const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, name) })
