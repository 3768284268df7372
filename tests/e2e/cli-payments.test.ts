import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCents, viennaToday } from '../../packages/sdk/src/domain/index'
import type { PaymentProposal, PaymentRunRecord } from '../../packages/sdk/src/services/index'
import { bookForTest } from '../support/erp-bookings'
import { epcIssues, transfersOf, xsdErrors } from '../support/sepa-checker'
import { createPayer } from '../support/payer'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { runPortal, signInPortal } from './cli.support'

// The real `portal` binary against the real server (issue 35): a firm scripts the payment run of company 1001 with
// `portal payments propose|create|release|download --json`; the file it saves passes our XSD and the EPC checks, a
// second download is the same bytes, and a run the company wants released waits for a second person.
describe('portal payments end to end', () => {
  let server: TestServer
  let admin: UserSession
  let dir: string
  let adminEnv: Record<string, string>
  let payerEnv: Record<string, string>

  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' } })
    await createPayer(server.knex, 'payer-password', 'en')
    admin = await signInSession(server.url, 'admin@demo.portal')
    // Every open supplier invoice of 1001 approved (one approval suffices without a limit).
    const open = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', $limit: 500 } })).data
    for (const item of open) await admin.client.service('document-approvals').create({ document_id: item.document_id, action: 'approve' })
    for (const account of new Set(open.map((item) => item.account))) {
      await server.knex('accounts').where({ company_no: 1001, account }).whereNull('iban').update({ iban: 'AT611904300234573201' })
    }
    dir = await mkdtemp(join(tmpdir(), 'portal-cli-payments-'))
    adminEnv = { PORTAL_CONFIG_DIR: join(dir, 'admin'), PORTAL_SERVER: server.url }
    payerEnv = { PORTAL_CONFIG_DIR: join(dir, 'payer'), PORTAL_SERVER: server.url }
    expect((await signInPortal(adminEnv, 'admin@demo.portal')).code).toBe(0)
    expect((await signInPortal(payerEnv, 'payer@case.portal', 'payer-password')).code).toBe(0)
  })
  afterAll(async () => {
    admin?.client.close()
    await server?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  let proposal: PaymentProposal

  it('proposes and creates a run of the proposal, saving a valid pain.001.001.09 file', async () => {
    const proposed = await runPortal(['payments', 'propose', '--client', '1001', '--days', '366', '--json'], adminEnv)
    expect(proposed.code).toBe(0)
    proposal = JSON.parse(proposed.stdout) as PaymentProposal
    expect(proposal.items.length).toBeGreaterThanOrEqual(2)
    const output = join(dir, 'lauf.xml')
    const created = await runPortal(['payments', 'create', '--client', '1001', '--items', proposal.items.slice(0, 2).map((item) => item.id).join(','), '-o', output, '--json'], adminEnv)
    expect(created.code).toBe(0)
    const run = JSON.parse(created.stdout) as PaymentRunRecord & { saved_to: string }
    expect(run).toMatchObject({ status: 'created', count: 2, execution_date: viennaToday(), saved_to: output })
    const xml = await readFile(output, 'utf8')
    expect(await xsdErrors(xml, '09')).toEqual([])
    expect(epcIssues(xml)).toEqual([])
    const again = join(dir, 'again.xml')
    const downloaded = await runPortal(['payments', 'download', String(run.id), '-o', again, '--json'], adminEnv)
    expect(downloaded.code).toBe(0)
    expect(JSON.parse(downloaded.stdout)).toMatchObject({ id: run.id, sha256: run.file_sha256 })
    expect(await readFile(again, 'utf8')).toBe(xml)
  })

  it('waits for a second person when the company asks for it, then saves a pain.001.001.03 file', async () => {
    await admin.client.service('approval-policies').patch(1001, { run_release_required: true })
    const created = await runPortal(['payments', 'create', '--client', '1001', '--items', String(proposal.items[2]?.id ?? proposal.items.at(-1)!.id), '--format', 'pain.001.001.03', '--json'], adminEnv)
    const run = JSON.parse(created.stdout) as PaymentRunRecord & { saved_to?: string }
    expect(run).toMatchObject({ status: 'created', release_required: true, pain_version: 'pain.001.001.03' })
    expect(run.saved_to).toBeUndefined()
    const early = await runPortal(['payments', 'download', String(run.id), '-o', join(dir, 'early.xml')], adminEnv)
    expect(early.code).toBe(1)
    expect(early.stderr).toContain('waits for its release by a second person')
    const own = await runPortal(['payments', 'release', String(run.id)], adminEnv)
    expect(own.code).toBe(1)
    expect(own.stderr).toContain('A second person must release the run')
    const released = await runPortal(['payments', 'release', String(run.id), '--json'], payerEnv)
    expect(released.code).toBe(0)
    expect(JSON.parse(released.stdout)).toMatchObject({ status: 'released', released_by_name: 'Paula Zahler' })
    const file = join(dir, 'v03.xml')
    expect((await runPortal(['payments', 'download', String(run.id), '-o', file], payerEnv)).code).toBe(0)
    const xml = await readFile(file, 'utf8')
    expect(await xsdErrors(xml, '03')).toEqual([])
    expect(epcIssues(xml)).toEqual([])
  })
  it('sets off a credit note without a number with --credit-notes: propose lists it, the file names it "Beleg <id>"', async () => {
    // The runs before free their invoices; this one is saved at once.
    for (const listed of await admin.client.service('payment-runs').find({ query: { client: 1001 } })) {
      if (listed.status === 'created' || listed.status === 'released') await admin.client.service('payment-runs').patch(listed.id, { action: 'cancel' })
    }
    await admin.client.service('approval-policies').patch(1001, { run_release_required: false })
    const before = JSON.parse((await runPortal(['payments', 'propose', '--client', '1001', '--days', '366', '--json'], adminEnv)).stdout) as PaymentProposal
    const subject = before.items.find((item) => (toCents(item.amount) ?? 0) > 500)!
    const unpaid = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', $limit: 500 } })).data.find((item) => item.id === subject.id)!
    const credit = await bookForTest(server.knex, { document_id: unpaid.document_id, company_no: 1001, period: viennaToday().slice(0, 7), account: subject.account, document_number: null, gross: '-5.00', lines: [] })
    const proposed = await runPortal(['payments', 'propose', '--client', '1001', '--days', '366', '--json'], adminEnv)
    expect((JSON.parse(proposed.stdout) as PaymentProposal).credit_notes).toContainEqual(expect.objectContaining({ id: credit.id, account: subject.account, document_number: null, amount: '-5.00' }))
    const table = await runPortal(['payments', 'propose', '--client', '1001', '--days', '366'], adminEnv)
    expect(table.stdout).toContain('Credit notes to set off')
    expect(table.stdout).toMatch(new RegExp(`${credit.id}\\s.*Beleg ${credit.id}\\s+-5\\.00`))
    const output = join(dir, 'set-off.xml')
    const created = await runPortal(['payments', 'create', '--client', '1001', '--items', String(subject.id), '--credit-notes', String(credit.id), '-o', output, '--json'], adminEnv)
    expect(created.code).toBe(0)
    const run = JSON.parse(created.stdout) as PaymentRunRecord
    expect(run).toMatchObject({ grouping: 'supplier', count: 1, transactions: 1, total: (((toCents(subject.amount) ?? 0) - 500) / 100).toFixed(2) })
    expect(run.items.map((item) => [item.booking_id, item.amount])).toContainEqual([credit.id, '-5.00'])
    const xml = await readFile(output, 'utf8')
    expect(transfersOf(xml).map((transfer) => transfer.remittance)).toEqual([expect.stringMatching(new RegExp(`^Beleg ${credit.id}, `))])
    expect(await xsdErrors(xml, '09')).toEqual([])
    expect(epcIssues(xml)).toEqual([])
  })
})
