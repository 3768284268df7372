import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowser, type BrowserSession } from '../support/browser'
import { SV_ACCOUNTS_CSV, svTransactionsXlsx } from '../support/sv-files'
import { signInAt, startWebPortal, type WebPortal } from './web-support'

// The firm's own records in Chromium (issue 21): the tax firm with its write-only WEBEKU password, the address
// register refusing a VAT id twice, and a contribution-account import opened down to one account.
const FLOW_TIMEOUT = 300_000
/** Screenshots for docs/firm-addresses-sv.md (SCREENSHOT_DIR=docs/img) or a temporary folder. */
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir()
const FIRST_SECRET = `Webeku-${Math.random().toString(36).slice(2)}!`
const SECOND_SECRET = `Webeku-${Math.random().toString(36).slice(2)}?`

let portal: WebPortal
let browser: BrowserSession
/** Every websocket frame the page received: no answer or event may carry a password. */
const received: string[] = []

beforeAll(async () => {
  portal = await startWebPortal('admin-records')
  await writeFile(join(portal.scratch, 'konten.csv'), SV_ACCOUNTS_CSV)
  await writeFile(join(portal.scratch, 'buchungen.xlsx'), await svTransactionsXlsx())
  browser = await openBrowser({ viewport: { width: 1440, height: 900 } })
  browser.page.on('websocket', (ws) => ws.on('framereceived', (frame) => received.push(String(frame.payload))))
}, FLOW_TIMEOUT)

afterAll(async () => {
  await browser?.close()
  await portal?.close()
})

describe('admin records in the browser', () => {
  it(
    'edits the firm: the password is kept when left empty, a new one is never shown again nor sent back',
    async () => {
      const { page } = browser
      const { server } = portal
      await signInAt(page, server.url, 'admin@demo.portal', '/admin/sv-tool?tab=firm')
      await page.waitForSelector('[data-testid=firm-form]')
      // A first save without a password is refused at the field.
      await page.fill('[data-testid=firm-name]', 'Steuerberatung Muster KG')
      await page.fill('[data-testid=firm-ntcs]', '47a')
      await page.fill('[data-testid=firm-user]', 'WEBEKU-MUSTER')
      await page.click('[data-testid=firm-save]')
      await page.getByText(/Please enter a whole number|Bitte geben Sie eine ganze Zahl ein/).waitFor()
      await page.getByText(/This field is required|Dieses Feld ist erforderlich/).waitFor()
      await page.fill('[data-testid=firm-ntcs]', '4711')
      await page.fill('[data-testid=firm-password]', FIRST_SECRET)
      await page.click('[data-testid=firm-save]')
      await page.getByText(/The firm was saved|Die Kanzlei wurde gespeichert/).waitFor()
      expect(await page.inputValue('[data-testid=firm-password]')).toBe('')
      await page.getByText(/A password is stored\. Leave the field empty to keep it|Ein Passwort ist gespeichert\. Leer lassen/).waitFor()
      const sealed = (await server.knex('firm').first()).webeku_password_sealed as string

      // Reloaded: the field stays empty; renaming the firm keeps the password.
      await page.reload()
      await page.waitForSelector('[data-testid=firm-form]')
      expect(await page.inputValue('[data-testid=firm-name]')).toBe('Steuerberatung Muster KG')
      expect(await page.inputValue('[data-testid=firm-password]')).toBe('')
      await page.fill('[data-testid=firm-name]', 'Steuerberatung Muster & Partner KG')
      await page.click('[data-testid=firm-save]')
      await page.getByText(/The firm was saved|Die Kanzlei wurde gespeichert/).first().waitFor()
      await expect.poll(async () => (await server.knex('firm').first()).name).toBe('Steuerberatung Muster & Partner KG')
      expect((await server.knex('firm').first()).webeku_password_sealed).toBe(sealed)

      // A new password replaces it and is not shown again.
      await page.fill('[data-testid=firm-password]', SECOND_SECRET)
      await page.click('[data-testid=firm-save]')
      await expect.poll(async () => (await server.knex('firm').first()).webeku_password_sealed).not.toBe(sealed)
      // The row changes before the answer reaches the page, which then empties the field.
      await expect.poll(() => page.inputValue('[data-testid=firm-password]')).toBe('')
      await page.screenshot({ path: join(SCREENSHOTS, 'firm-form.png') })
      await page.reload()
      await page.waitForSelector('[data-testid=firm-form]')
      const html = await page.content()
      expect(html).not.toContain(FIRST_SECRET)
      expect(html).not.toContain(SECOND_SECRET)
      expect(received.length).toBeGreaterThan(0)
      expect(received.filter((frame) => frame.includes(FIRST_SECRET) || frame.includes(SECOND_SECRET))).toEqual([])
    },
    FLOW_TIMEOUT,
  )

  it(
    'creates an address with a valid ATU number, then is refused the same VAT id with the existing entry named',
    async () => {
      const { page } = browser
      await page.goto(`${portal.server.url}/admin/addresses`)
      await page.getByText(/No addresses yet|Noch keine Adressen/).waitFor()
      await page.click('[data-testid=address-new]')
      // The check digit is checked as one types.
      await page.fill('[data-testid=address-vatId]', 'ATU13585626')
      await page.click('[data-testid=address-save]')
      await page.getByText(/A name is required|Ein Name ist erforderlich/).waitFor()
      await page.getByText(/The VAT ID check failed; please check the number|Die Prüfung der UID-Nummer ist fehlgeschlagen/).waitFor()
      await page.fill('[data-testid=address-name]', 'Muster Handels GmbH')
      await page.fill('[data-testid=address-street]', 'Hauptstraße 1')
      await page.fill('[data-testid=address-zip]', '1010')
      await page.fill('[data-testid=address-town]', 'Wien')
      await page.fill('[data-testid=address-vatId]', 'ATU 135 856 27')
      await page.click('[data-testid=address-save]')
      await page.getByText(/The address was created|Die Adresse wurde angelegt/).waitFor()
      await page.waitForURL(/\/admin\/addresses\/\d+$/)
      const firstUrl = page.url()
      // VIES is off in tests: the format is right, the online check failed, and the address is saved.
      await page.locator('[data-testid=address-vat-check][data-state=formatValid]').waitFor()
      await page.locator('[data-testid=address-list]').getByText('Muster Handels GmbH').waitFor()
      await page.screenshot({ path: join(SCREENSHOTS, 'addresses.png') })

      await page.click('[data-testid=address-new]')
      await page.fill('[data-testid=address-name]', 'Doppelt GmbH')
      await page.fill('[data-testid=address-vatId]', 'ATU13585627')
      await page.click('[data-testid=address-save]')
      const refusal = page.locator('[data-testid=address-refusal]')
      await refusal.waitFor()
      expect(await refusal.textContent()).toMatch(/(Failed to create address in RPA database: VAT ID ATU13585627 already exists as “Muster Handels GmbH” \(no\. \d+\))|(Adresse konnte nicht in der RPA-Datenbank angelegt werden: Die UID ATU13585627 ist bereits als „Muster Handels GmbH“ \(Nr\. \d+\) vorhanden)/)
      expect(Number((await portal.server.knex('addresses').count('* as n').first())!.n)).toBe(1)
      await refusal.getByRole('button', { name: /Open “Muster Handels GmbH”|„Muster Handels GmbH“ öffnen/ }).click()
      await page.waitForURL(firstUrl)
      expect(await page.inputValue('[data-testid=address-name]')).toBe('Muster Handels GmbH')
    },
    FLOW_TIMEOUT,
  )

  it(
    'imports a contribution-account file and opens an account with its transactions and payment reference',
    async () => {
      const { page } = browser
      await page.goto(`${portal.server.url}/admin/sv-tool`)
      await page.getByText(/No contribution accounts yet|Noch keine Beitragskonten/).waitFor()
      await page.getByRole('tab', { name: 'Import' }).click()
      await page.setInputFiles('[data-testid=sv-import-file]', join(portal.scratch, 'konten.csv'))
      // Checked first: what it would change, nothing stored yet.
      await page.click('[data-testid=sv-import-check]')
      await page.locator('[data-testid=sv-import-preview]').getByText(/3 rows\. It would add 3|3 Zeilen\. Sie würde 3 Konten anlegen/).waitFor()
      expect(Number((await portal.server.knex('sv_accounts').count('* as n').first())!.n)).toBe(0)
      await page.click('[data-testid=sv-import-upload]')
      await page.locator('[data-testid=sv-import-history] li[data-state=done]').getByText(/Imported 3 rows from konten\.csv|3 Zeilen aus konten\.csv importiert/).waitFor({ timeout: 30_000 })
      await page.selectOption('[data-testid=sv-import-kind]', 'transactions')
      await page.setInputFiles('[data-testid=sv-import-file]', join(portal.scratch, 'buchungen.xlsx'))
      await page.click('[data-testid=sv-import-upload]')
      await page.locator('[data-testid=sv-import-history] li[data-state=done]').getByText(/Imported 4 rows from buchungen\.xlsx|4 Zeilen aus buchungen\.xlsx importiert/).waitFor({ timeout: 30_000 })
      await page.screenshot({ path: join(SCREENSHOTS, 'sv-import.png') })

      // The attention list names the account that owes and was reminded, with its client's responsible person.
      await page.getByRole('tab', { name: /Attention|Handlungsbedarf/ }).click()
      const row = page.locator('[data-testid=sv-account-row]', { hasText: 'Muster Handels GmbH' })
      await row.getByText(/Saldo due, Reminded \(MA\)|Saldo offen, Gemahnt \(MA\)/).waitFor()
      await row.getByRole('button', { name: '1234567' }).click()
      await page.locator('[data-testid=sv-reference]').getByText('110001234567').waitFor()
      await page.locator('[data-testid=sv-qr] svg').waitFor()
      const transactions = page.locator('[data-testid=sv-transactions]')
      await transactions.getByText('Mahnung').waitFor()
      await transactions.getByText(/MA reminded|MA gemahnt/).waitFor()
      await transactions.getByText(/1[,.\s\u00a0\u202f]250[.,]40/).waitFor()
      expect(page.url()).toMatch(/tab=attention&account=\d+/)
      await page.screenshot({ path: join(SCREENSHOTS, 'sv-account.png'), fullPage: true })
      await page.click('[data-testid=sv-back]')
      await page.locator('[data-testid=sv-attention]').waitFor()
    },
    FLOW_TIMEOUT,
  )
})
