import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { viennaToday } from '../../packages/sdk/src/domain/index'
import { monthBounds, previousMonth } from '../../packages/sdk/src/state/index'
import { seriousViolations } from '../support/axe'
import type { TestServer } from '../support/server'
import { cspCheckedPages, signInAt, startWebPortal, type WebPortal } from './web-support'

// Issue 34 in Chromium: the firm dashboard as staff see it (a row per company, sorting, filtering, a number leading to
// its screen, the client's release arriving live) and the month check as the client uses it (release, withdraw), both
// in English and German, without serious axe findings.

const COMPANY = 1002
const month = previousMonth(viennaToday())
const { from } = monthBounds(month)
const TIMEOUT = 180_000

let portal: WebPortal
let server: TestServer
const pages = cspCheckedPages({ viewport: { width: 1440, height: 900 } })

beforeAll(async () => {
  portal = await startWebPortal('overview')
  server = portal.server
  // Something open for 1002: a request past its due date (the requests service is tested on its own).
  await server.knex('document_requests').insert({ company_no: COMPANY, text: 'Beleg zur Abbuchung', due_date: from, created_at: `${from}T08:00:00Z` })
}, TIMEOUT)

afterEach(() => pages.closeAll())

afterAll(async () => {
  await portal?.close()
})

/** Switches the portal's language with the top bar's button. */
async function useLanguage(page: Page, language: 'en' | 'de'): Promise<void> {
  if ((await page.getAttribute('html', 'lang')) !== language) await page.click('[data-testid=language-button]')
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language)
}

const row = (page: Page, companyNo: number) => page.locator(`[data-testid=overview-row][data-company="${companyNo}"]`)

describe('the firm dashboard (staff)', () => {
  it('lists every company with its counts, sorts, filters and leads to a screen, in both languages', async () => {
    const page = await pages.open()
    await signInAt(page, server.url, 'staff@demo.portal', '/overview')
    await page.waitForSelector('[data-testid=overview-row]')
    for (const language of ['en', 'de'] as const) {
      await useLanguage(page, language)
      expect(await page.locator('[data-testid=overview-row]').count()).toBe(5)
      await expect.poll(() => row(page, COMPANY).locator('[data-testid=cell-overdue]').textContent()).toBe(language === 'en' ? '1 overdue' : '1 überfällig')
      expect(await row(page, COMPANY).locator('[data-testid=month-light]').getAttribute('data-light')).toBe('red')
      expect(await page.locator('th', { hasText: language === 'en' ? 'Open requests' : 'Offene Anfragen' }).count()).toBe(1)
      expect(await seriousViolations(page)).toEqual([])
    }

    // Sorted by the month check, worst first: the red month leads.
    await page.click('[data-testid=sort-light]')
    await expect.poll(() => page.locator('[data-testid=overview-row]').first().getAttribute('data-company')).toBe(String(COMPANY))
    expect(await page.getAttribute('th:has([data-testid=sort-light])', 'aria-sort')).toBe('descending')

    // Filtered by words.
    await page.fill('[data-testid=overview-search]', 'Donau')
    await expect.poll(() => page.locator('[data-testid=overview-row]').count()).toBe(1)
    expect(await page.locator('[data-testid=overview-row]').getAttribute('data-company')).toBe('1003')
    await page.fill('[data-testid=overview-search]', '')
    await page.selectOption('[data-testid=overview-filter]', 'red')
    await expect.poll(() => page.locator('[data-testid=overview-row]').count()).toBe(1)

    // The light leads to the company's month check.
    await row(page, COMPANY).locator('[data-testid=cell-light]').click()
    await page.waitForSelector('[data-testid=scene-month-check] [data-testid=month]')
    expect(new URL(page.url()).pathname).toBe(`/month-check/${COMPANY}`)
  }, TIMEOUT)
})

describe('the month release (client) seen live on the dashboard', () => {
  it('releases a month and withdraws it, in both languages, while staff watch the row change', async () => {
    const staffPage = await pages.open()
    await signInAt(staffPage, server.url, 'staff@demo.portal', '/overview')
    await useLanguage(staffPage, 'en')
    await staffPage.waitForSelector(`[data-testid=overview-row][data-company="${COMPANY}"]`)
    expect(await row(staffPage, COMPANY).locator('[data-testid=cell-release]').textContent()).toBe('Not released')

    const page = await pages.open()
    await signInAt(page, server.url, 'client@demo.portal', `/invoices/${COMPANY}`)
    await page.click('[data-testid=open-month-check]')
    const first = page.locator(`[data-testid=month][data-month="${month}"]`)
    await first.waitFor()
    for (const language of ['en', 'de'] as const) {
      await useLanguage(page, language)
      await expect.poll(() => first.locator('[data-testid=check-documentsIn]').textContent()).toContain(language === 'en' ? '1 request past its due date' : '1 Anfrage über dem Fälligkeitsdatum')
      expect(await seriousViolations(page)).toEqual([])
    }

    await useLanguage(page, 'en')
    await first.locator('[data-testid=month-release-button]').click()
    await expect.poll(() => first.locator('[data-testid=month-release]').textContent()).toContain('Released by Clara Steiner')
    // Staff see it on the dashboard without reloading.
    await expect.poll(() => row(staffPage, COMPANY).locator('[data-testid=cell-release]').textContent(), { timeout: 30_000 }).toContain('Released by Clara Steiner')

    await useLanguage(page, 'de')
    await expect.poll(() => first.locator('[data-testid=month-withdraw]').textContent()).toContain('Freigabe von')
    expect(await seriousViolations(page)).toEqual([])
    await first.locator('[data-testid=month-withdraw]').click()
    await expect.poll(() => first.locator('[data-testid=month-release]').textContent()).toContain('Nicht freigegeben')
    await expect.poll(() => row(staffPage, COMPANY).locator('[data-testid=cell-release]').textContent(), { timeout: 30_000 }).toBe('Not released')
  }, TIMEOUT)
})
