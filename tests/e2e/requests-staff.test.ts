import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from '../support/axe'
import { signInSession, type UserSession } from '../support/session'
import { cspCheckedPages, signInAt, startWebPortal, switchLanguage, type WebPortal } from './web-support'

// Requests for documents, the firm's side (issue 34), in Chromium on the built portal and the real server, in both
// languages: one click from an unmatched bank transaction asks for its receipt (German, the admin's language); staff
// ask by the form with the keyboard (English), see the company's answer arrive live, see that no reminder went out and
// why (no mail server), and close it. The screen is axe-clean in both languages.

let portal: WebPortal
let client: UserSession
const pages = cspCheckedPages({ viewport: { width: 1440, height: 1000 } })

beforeAll(async () => {
  portal = await startWebPortal('requests-staff', { WORKER_CONCURRENCY: '0' })
  const knex = portal.server.knex
  const [{ id: accessId }] = (await knex('bank_accesses').insert({ company_no: 1002, iban: 'AT483200000012345864', status: 'approved', provider: 'files', requested_by_name: 'Test' }).returning('id')) as { id: number }[]
  await knex('bank_transactions').insert({ company_no: 1002, access_id: accessId, entry_key: 'e2e-request-1', booking_date: '2026-03-20', value_date: '2026-03-20', amount: '-118.80', currency: 'EUR', counterparty_name: 'Büro Kaiser KG', remittance: 'RE 4711' })
  client = await signInSession(portal.server.url, 'client@demo.portal')
}, 300_000)
afterEach(() => pages.closeAll())
afterAll(async () => {
  client?.client.close()
  await portal?.close()
})

describe('requests, the firm side', () => {
  it('asks for a bank transaction’s receipt with one click (German)', async () => {
    const page = await pages.open()
    await signInAt(page, portal.server.url, 'admin@demo.portal', '/banking/1002')
    await switchLanguage(page, 'de')
    await page.getByTestId('bank-ask-receipt').click()
    await page.getByText('Anforderung an den Klienten gesendet.').waitFor()
    await page.goto(`${portal.server.url}/requests/1002`)
    const item = page.locator('[data-testid^=request-]').filter({ hasText: 'Beleg zu einer Bankbuchung' }).first()
    await item.waitFor()
    // Amounts are formatted with a no-break space before the euro sign.
    expect((await item.textContent())!.replace(/\s/g, ' ')).toContain('Bitte laden Sie den Beleg zu dieser Bankbuchung hoch: 20.03.2026, -118,80 €, Büro Kaiser KG.')
    expect(await item.getByTestId('request-status').textContent()).toBe('Offen')
    // No mail server in this set-up: the screen says reminders are not sent.
    expect(await page.getByTestId('requests-no-mail').textContent()).toContain('Kein Mailserver eingerichtet')
    expect(await seriousViolations(page)).toEqual([])
  })

  it('asks by the form with the keyboard, sees the answer arrive live and closes the request (English)', async () => {
    const page = await pages.open()
    await signInAt(page, portal.server.url, 'staff@demo.portal', '/requests/1002')
    await switchLanguage(page, 'en')
    await page.getByTestId('request-text').focus()
    await page.keyboard.type('Please upload the rental contract 2026.')
    await page.getByTestId('request-due').fill('2026-06-30')
    await page.getByTestId('request-submit').focus()
    await page.keyboard.press('Enter')
    await page.getByText('Request sent to the company.').waitFor()
    const item = page.locator('li[data-testid^=request-]').filter({ hasText: 'Please upload the rental contract 2026.' })
    await item.waitFor()
    expect(await item.textContent()).toContain('Due 30 Jun 2026')
    expect(await item.getByTestId('request-reminded').textContent()).toBe('Reminded: Not yet')

    // The company answers elsewhere; the staff's list shows it without a reload.
    const [asked] = (await client.client.service('document-requests').find({ query: { company_no: 1002, status: 'open' } })).data.filter((row) => row.text === 'Please upload the rental contract 2026.')
    await client.client.service('document-requests').patch(asked.id, { answer: 'It comes by post on Monday.' })
    await item.getByTestId('request-status').filter({ hasText: 'Answered' }).waitFor()
    expect(await item.getByTestId('request-answer').textContent()).toContain('It comes by post on Monday.')
    expect(await item.getByTestId('request-answer').textContent()).toContain('Clara Steiner')

    await page.getByTestId(`request-thread-toggle-${asked.id}`).click()
    await page.getByTestId(`request-message-text-${asked.id}`).fill('Thank you, we wait for it.')
    await page.getByTestId(`request-message-send-${asked.id}`).click()
    // Sent: the field empties and the message stands in the thread (before, the text is in the field alone).
    await expect.poll(() => page.getByTestId(`request-message-text-${asked.id}`).inputValue()).toBe('')
    await page.getByTestId(`request-thread-${asked.id}`).getByText('Thank you, we wait for it.').waitFor()

    await page.getByTestId(`request-close-${asked.id}`).click()
    await page.getByText('Request closed.').waitFor()
    await item.waitFor({ state: 'detached' })
    await page.getByTestId('requests-filter').selectOption('closed')
    await page.locator('li[data-testid^=request-]').filter({ hasText: 'Please upload the rental contract 2026.' }).getByTestId('request-status').filter({ hasText: 'Closed' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})
