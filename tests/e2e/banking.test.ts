import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { viennaToday } from '../../packages/server/src/commands/viennaToday'
import { camtStatement } from '../support/bank-statements'
import { openBrowser, type BrowserSession } from '../support/browser'
import { watchCspViolations } from '../support/csp'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from '../integration/services.support'
import { buildWebInto, menuIds, signInAt } from './web-support'
import { runPortal, signInPortal } from './cli.support'

// Banking end to end (issue 19): the built portal on the real server with the demo ledger, in Debian's Chromium. The
// administrator accepts the terms, requests access to an account, approves it on the approvals page (which has no
// company picker), imports a statement whose payment names an open invoice, sees it matched, and the invoice has left
// the unpaid items. A user without ban or adm has no banking menu and the server refuses them.
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? tmpdir()
const FLOW_TIMEOUT = 300_000
const IBAN = 'AT402011182221219900'

let server: TestServer
let admin: UserSession
let staff: UserSession
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
  scratch = await mkdtemp(join(tmpdir(), 'portal-banking-e2e-'))
  await buildWebInto(join(scratch, 'dist'))
  server = await startTestServer({ env: { WEB_DIR: join(scratch, 'dist'), PORTAL_DEMO_LEDGER: '1' } })
  admin = await signInSession(server.url, 'admin@demo.portal')
  staff = await signInSession(server.url, 'staff@demo.portal')
}, FLOW_TIMEOUT)
afterEach(async () => {
  const violations = cspChecks.flatMap((check) => check())
  cspChecks = []
  for (const session of sessions.splice(0)) await session.close()
  expect(violations).toEqual([])
})
afterAll(async () => {
  for (const session of [admin, staff]) session?.client.close()
  await server?.close()
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

describe('Banking', () => {
  it('terms, access request, approval, statement import, an invoice matched and gone from unpaid items', async () => {
    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', '/banking/1001')
    await page.getByTestId('bank-terms-accept').click()
    await page.getByTestId('bank-terms-accepted').waitFor()
    expect(await page.getByTestId('bank-terms-accepted').textContent()).toContain('Anna Huber')

    // A wrong IBAN is refused in place (German, the admin's language), a right one requested.
    await page.getByTestId('bank-access-iban').fill('AT40 2011 1822 2121 9901')
    await page.getByTestId('bank-access-submit').click()
    await page.getByText('keine gültige IBAN').first().waitFor()
    await page.getByTestId('bank-access-iban').fill('AT40 2011 1822 2121 9900')
    await page.getByTestId('bank-access-name').fill('Geschäftskonto')
    await page.getByTestId('bank-access-iban').press('Enter')
    const row = page.getByTestId(`bank-access-${IBAN}`)
    await row.getByTestId('bank-access-state').filter({ hasText: 'Offen' }).waitFor()

    // The approvals page lists all companies without a company picker.
    const approvals = await open()
    await signInAt(approvals, server.url, 'admin@demo.portal', '/admin/adm-banking/overview')
    await approvals.getByTestId(`bank-approval-${IBAN}`).waitFor()
    expect(await approvals.locator('[data-testid=company-picker]').count()).toBe(0)
    await approvals.screenshot({ path: join(SCREENSHOTS, 'banking-approvals-de.png') })
    await approvals.getByTestId(`bank-approval-${IBAN}`).getByTestId('bank-approve').click()
    await approvals.getByTestId(`bank-approval-${IBAN}`).waitFor({ state: 'detached' })

    // The client's page shows the approval live.
    await row.getByTestId('bank-access-state').filter({ hasText: 'Freigegeben' }).waitFor()

    // A statement paying an open invoice of 1001 by its number and partner name.
    const open1001 = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'AR', $limit: 500 } })).data
    const invoice = open1001.find((item) => item.document_number && item.partner_name && item.discount === '0.00' && item.state === 'open')
    if (!invoice) throw new Error('the demo ledger has no open invoice to pay')
    const file = join(scratch, 'kontoauszug.xml')
    const yesterday = new Date(Date.parse(`${viennaToday()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    await writeFile(
      file,
      camtStatement({
        iban: IBAN,
        statementId: 'E2E-1',
        openingCents: 500_000,
        entries: [
          { amountCents: -4_990, date: yesterday, remittance: 'Kontoführung', name: 'Bank' },
          { amountCents: Math.round(Number(invoice.open) * 100), date: viennaToday(), remittance: `Rechnung ${invoice.document_number}`, name: invoice.partner_name ?? '' },
        ],
      }),
    )
    await page.getByTestId('bank-statement-file').setInputFiles(file)
    // The file goes through the import door (HTTP), not as a socket message.
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/import-files/bank-statements'))
    await page.getByTestId('bank-statement-import').click()
    expect((await sent).status()).toBe(201)
    await page.getByTestId('bank-statement-result').filter({ hasText: '2 Umsätze neu' }).waitFor()
    const match = page.getByTestId('bank-match').filter({ hasText: invoice.document_number as string })
    await match.waitFor()
    expect(await match.textContent()).toContain('automatisch')
    await page.getByTestId('bank-balance-chart').waitFor()
    await page.screenshot({ path: join(SCREENSHOTS, 'banking-de.png'), fullPage: true })

    // The invoice has left the unpaid items.
    await page.goto(`${server.url}/unpaid/1001/ar`)
    await page.getByTestId('unpaid-search').fill(invoice.document_number as string)
    await page.getByTestId('unpaid-side-AR').waitFor()
    await expect.poll(() => page.locator('[data-testid=open-item]', { hasText: invoice.document_number as string }).count(), { timeout: 10_000 }).toBe(0)

    // Unmatching on the banking page brings it back.
    await page.goto(`${server.url}/banking/1001`)
    await page.getByTestId('bank-match').filter({ hasText: invoice.document_number as string }).getByTestId('bank-unmatch').click()
    await page.getByTestId('bank-proposal').filter({ hasText: invoice.document_number as string }).waitFor()
    const back = await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'AR', search: invoice.document_number as string } })
    expect(back.data.map((item) => item.id)).toContain(invoice.id)
  }, FLOW_TIMEOUT)

  it('imports a 3 MB month through the screen (more than a socket message takes) and refuses a file over 25 MB before sending it', async () => {
    const page = await open()
    await signInAt(page, server.url, 'admin@demo.portal', '/banking/1001')
    const entries = Array.from({ length: 9000 }, (_, i) => ({ amountCents: 100 + i, date: '2026-03-02', remittance: `Sammelbuchung ${i}`, name: `Spender ${i}` }))
    const month = camtStatement({ iban: IBAN, statementId: 'E2E-BIG', openingCents: 0, entries })
    expect(month.length).toBeGreaterThan(3 * 1024 * 1024)
    // Files on disk, not buffers: a buffer crosses the browser protocol as base64 (25 MB took over 30 s on a busy machine).
    const monthFile = join(scratch, 'maerz.xml')
    await writeFile(monthFile, month)
    await page.getByTestId('bank-statement-file').setInputFiles(monthFile)
    await page.getByTestId('bank-statement-import').click()
    await page.getByTestId('bank-statement-result').filter({ hasText: '9000 Umsätze neu' }).waitFor({ timeout: 120_000 })

    const doorCalls: string[] = []
    page.on('request', (request) => void (request.url().includes('/api/import-files/') && doorCalls.push(request.url())))
    const tooLarge = join(scratch, 'zu-gross.xml')
    await writeFile(tooLarge, Buffer.alloc(25 * 1024 * 1024 + 1, 32))
    await page.getByTestId('bank-statement-file').setInputFiles(tooLarge)
    await page.getByTestId('bank-statement-import').click()
    await page.getByTestId('snackbar').filter({ hasText: 'größer als 25 MB' }).waitFor()
    expect(doorCalls).toEqual([])
  }, FLOW_TIMEOUT)

  it('gives a user without ban or adm no banking, and the server refuses them', async () => {
    const page = await open()
    await signInAt(page, server.url, 'staff@demo.portal', '/')
    expect(await menuIds(page)).not.toContain('banking')
    expect(await failure(staff.client.service('bank-transactions').find({ query: { client: 1001 } }))).toMatchObject({ code: 403 })
    expect(await failure(staff.client.service('bank-approvals').find({ query: {} }))).toMatchObject({ code: 403 })
  }, FLOW_TIMEOUT)

  it('imports a statement with the portal command: once, then only as duplicates (--json)', async () => {
    const env = { PORTAL_CONFIG_DIR: join(scratch, 'cli-config'), PORTAL_SERVER: server.url }
    expect((await signInPortal(env, 'admin@demo.portal')).code).toBe(0)
    const file = join(process.cwd(), 'tests/fixtures/banking/mt940-bawag-freetext.sta')
    const first = await runPortal(['bank', 'import', file, '--client', '1001', '--json'], env)
    expect(first.code).toBe(0)
    expect(JSON.parse(first.stdout)).toMatchObject({ format: 'mt940', statements: ['BAWA260305/58/1'], added: 2, duplicates: 0 })
    const again = await runPortal(['bank', 'import', file, '--client', '1001', '--lang', 'en'], env)
    expect(again.code).toBe(0)
    expect(again.stderr).toContain('0 movements added, 2 already known')
    const broken = await runPortal(['bank', 'import', join(process.cwd(), 'tests/fixtures/banking/broken-mt940-wrong-balance.sta'), '--client', '1001', '--lang', 'en'], env)
    expect(broken.code).not.toBe(0)
    expect(broken.stderr).toContain('STARTUMSE/00042/001')
  }, FLOW_TIMEOUT)
})
