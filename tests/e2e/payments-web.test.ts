import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { toCents, viennaToday } from '../../packages/sdk/src/domain/index'
import { seriousViolations } from '../support/axe'
import { openBrowser, type BrowserSession } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import { bookForTest } from '../support/erp-bookings'
import { epcIssues, xsdErrors } from '../support/sepa-checker'
import { createPayer } from '../support/payer'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { buildWebInto, signInAt } from './web-support'

// Approvals and payment runs in Chromium (issue 35), on the built portal with the demo (1001's open supplier invoices
// approved but for one with a question): Anna Huber (German) approves it on the invoice and sets the policy in the
// company settings; Paula Zahler (English, pay) finds the policy on the unpaid items, proposes and creates a run there
// with the keyboard and downloads its SEPA file; with a release required, Anna releases Paula's run; Anna sets a credit
// note off against its supplier in a run of her own. Every screen axe clean.
const FLOW_TIMEOUT = 300_000

let server: TestServer
let admin: UserSession
let scratch: string
const sessions: BrowserSession[] = []
let cspChecks: (() => string[])[] = []

async function open(): Promise<Page> {
  const session = await openBrowser({ viewport: { width: 1440, height: 1000 } })
  sessions.push(session)
  cspChecks.push(await watchCspViolations(session.page))
  return session.page
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'portal-payments-e2e-'))
  await buildWebInto(join(scratch, 'dist'))
  server = await startTestServer({ env: { WEB_DIR: join(scratch, 'dist'), PORTAL_DEMO_LEDGER: '1', PORTAL_DEMO_SCREENS: '1' } })
  await createPayer(server.knex, 'portal-demo', 'en')
  admin = await signInSession(server.url, 'admin@demo.portal')
}, FLOW_TIMEOUT)
afterEach(async () => {
  const violations = cspChecks.flatMap((check) => check())
  cspChecks = []
  for (const session of sessions.splice(0)) await session.close()
  expect(violations).toEqual([])
})
afterAll(async () => {
  admin?.client.close()
  await server?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

describe('approvals and payment runs in the browser', () => {
  it('approves the questioned invoice on the invoice and sets the policy in the company settings (German)', async () => {
    const [questioned] = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', approval: 'questioned' } })).data
    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', `/invoices/1001/er/${questioned.document_id}`)
    const panel = page.getByTestId('approval-panel')
    await expect.poll(() => panel.getByTestId('approval-state').textContent()).toBe('Rückfrage offen')
    await panel.getByText('Stefan Bauer hat gefragt: Ist die Lieferung vollständig angekommen? Der Lieferschein fehlt.').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await panel.getByTestId('approval-approve').click()
    await expect.poll(() => panel.getByTestId('approval-state').textContent()).toMatch(/^(Freigegeben|Eine von zwei Freigaben)$/)
    await panel.getByTestId('approval-step').filter({ hasText: 'Anna Huber hat freigegeben' }).waitFor()

    await page.goto(`${server.url}/settings/1001`)
    const policy = page.getByTestId('approval-policy')
    await policy.getByText('Freigabe und Zahlung').waitFor()
    await expect.poll(() => policy.getByTestId('policy-limit').inputValue()).toBe('2000.00')
    await policy.getByTestId('policy-limit').fill('5000')
    await policy.getByTestId('policy-release').check()
    await policy.getByTestId('policy-save').click()
    await page.getByText('Freigaberegel gespeichert.').waitFor()
    await expect.poll(async () => (await server.knex('approval_policies').where({ company_no: 1001 }).first()).single_limit).toMatch(/^5000/)
    expect(await seriousViolations(page)).toEqual([])
  }, FLOW_TIMEOUT)

  it('proposes and creates a run from the unpaid items with the keyboard, downloads its file after the release (English and German)', async () => {
    const page = await open()
    await signInAt(page, server.url, 'payer@case.portal', '/unpaid/1001/er')
    await page.getByTestId('unpaid-approval').selectOption('approved')
    const approved = page.getByTestId('unpaid-side-ER').getByTestId('open-item')
    await approved.first().waitFor()
    expect(await approved.first().getByTestId('item-approval').textContent()).toBe('Approved')
    // The approval policy where she pays (pay, no adm: the company settings are not hers): she may change it.
    const policy = page.getByTestId('approval-policy')
    await policy.getByText('Approval and payment').waitFor()
    expect(await policy.getByTestId('policy-save').isEnabled()).toBe(true)
    const runs = page.getByTestId('payment-runs')
    await runs.getByTestId('run-days').fill('366')
    await runs.getByTestId('run-propose').focus()
    await page.keyboard.press('Enter')
    const proposal = runs.getByTestId('run-proposal')
    await proposal.waitFor()
    const count = await proposal.getByTestId('run-item').count()
    expect(count).toBeGreaterThanOrEqual(2)
    // Leave the last one out with the keyboard.
    await proposal.getByTestId('run-item').last().focus()
    await page.keyboard.press('Space')
    await expect.poll(() => proposal.getByTestId('run-total').textContent()).toContain(`${count - 1} invoices`)
    await runs.getByTestId('run-create').focus()
    await page.keyboard.press('Enter')
    const detail = runs.getByTestId('run-detail')
    await expect.poll(() => detail.getByTestId('run-status').textContent()).toBe('Created')
    await detail.getByText('Waits for a second person to release it.').waitFor()
    expect(await approved.first().getByTestId('item-in-payment').textContent()).toMatch(/^In payment \(run \d+\)$/)
    expect(await seriousViolations(page)).toEqual([])

    // Anna Huber releases it in German.
    const second = await open()
    await signInAt(second, server.url, 'admin@demo.portal', '/unpaid/1001/er')
    const list = second.getByTestId('payment-runs')
    await list.getByTestId('run-open').first().click()
    await list.getByTestId('run-detail').getByText('Wartet auf die Freigabe durch eine zweite Person.').waitFor()
    await list.getByTestId('run-release').click()
    await expect.poll(() => list.getByTestId('run-status').textContent()).toBe('Freigegeben')
    expect(await seriousViolations(second)).toEqual([])

    await runs.getByTestId('run-open').first().click()
    await expect.poll(() => detail.getByTestId('run-status').textContent()).toBe('Released')
    const [download] = await Promise.all([page.waitForEvent('download'), detail.getByTestId('run-download').click()])
    expect(download.suggestedFilename()).toMatch(/^zahlungslauf-1001-\d+\.pain\.001\.001\.09\.xml$/)
    const xml = await readFile((await download.path())!, 'utf8')
    expect(await xsdErrors(xml, '09')).toEqual([])
    expect(epcIssues(xml)).toEqual([])
  }, FLOW_TIMEOUT)

  it('sets a credit note off against its supplier in the box "Credit notes to set off": the run is the invoices less it (German)', async () => {
    // What the portal proposes now (the invoices no run holds), and a credit note for the supplier of its largest one.
    const today = viennaToday()
    const { items } = await admin.client.service('payment-proposals').find({ query: { client: 1001, execution_date: today, days: 366 } })
    const subject = items.reduce((largest, item) => ((toCents(item.amount) ?? 0) > (toCents(largest.amount) ?? 0) ? item : largest))
    const [unpaid] = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', account: subject.account, $limit: 500 } })).data
    const credit = await bookForTest(server.knex, { document_id: unpaid.document_id, company_no: 1001, period: today.slice(0, 7), account: subject.account, document_number: 'GS-WEB-1', gross: '-12.34', lines: [] })
    const invoicesCents = items.reduce((sum, item) => sum + (toCents(item.amount) ?? 0), 0)
    const supplierCents = items.filter((item) => item.account === subject.account).reduce((sum, item) => sum + (toCents(item.amount) ?? 0), 0)
    const euro = (cents: number) => new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(cents / 100)

    // Anna Huber (German, pay) proposes: the credit note waits while there is one transfer per invoice.
    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', '/unpaid/1001/er')
    const runs = page.getByTestId('payment-runs')
    await runs.getByTestId('run-days').fill('366')
    await runs.getByTestId('run-propose').click()
    const box = runs.getByTestId('run-credits')
    await box.getByText('Gutschriften zum Verrechnen').waitFor()
    await box.getByTestId('run-credit-hint').getByText('Gutschriften werden nur mit einer Überweisung je Lieferant verrechnet: Wählen Sie diese unter Überweisungen.').waitFor()
    const supplier = box.getByTestId('run-credit-supplier').filter({ hasText: 'GS-WEB-1' })
    const creditBox = supplier.getByLabel(`GS-WEB-1 · ${euro(-1234)} verrechnen`)
    expect(await creditBox.isDisabled()).toBe(true)
    const total = runs.getByTestId('run-total')
    expect(await total.textContent()).toBe(`${items.length} Rechnungen, ${euro(invoicesCents)}`)

    // One transfer per supplier: offered and ticked; unticked the total is the invoices alone, ticked again less it.
    await runs.getByTestId('run-grouping').selectOption('supplier')
    await expect.poll(() => creditBox.isChecked()).toBe(true)
    expect(await total.textContent()).toBe(`${items.length} Rechnungen, 1 Gutschrift, ${euro(invoicesCents - 1234)}`)
    expect(await supplier.getByTestId('run-credit-net').textContent()).toMatch(new RegExp(`^Netto an .+: ${euro(supplierCents - 1234)}$`))
    expect(await seriousViolations(page)).toEqual([])
    await creditBox.uncheck()
    expect(await total.textContent()).toBe(`${items.length} Rechnungen, ${euro(invoicesCents)}`)
    await creditBox.check()
    expect(await total.textContent()).toBe(`${items.length} Rechnungen, 1 Gutschrift, ${euro(invoicesCents - 1234)}`)

    await runs.getByTestId('run-create').click()
    const detail = runs.getByTestId('run-detail')
    await expect.poll(() => detail.getByTestId('run-status').textContent()).toBe('Erstellt')
    expect(await detail.getByTestId('run-detail-total').textContent()).toBe(euro(invoicesCents - 1234))
    const [run] = await admin.client.service('payment-runs').find({ query: { client: 1001 } })
    expect(run).toMatchObject({ grouping: 'supplier', count: items.length, total: ((invoicesCents - 1234) / 100).toFixed(2) })
    expect((await admin.client.service('payment-runs').get(run.id)).items.map((item) => [item.booking_id, item.amount])).toContainEqual([credit.id, '-12.34'])
  }, FLOW_TIMEOUT)
})
