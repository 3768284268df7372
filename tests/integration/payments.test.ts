import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BANK_TERMS_VERSION, toCents, viennaToday } from '../../packages/sdk/src/domain/index'
import { paymentRunHttpPaths, type PaymentRunRecord, type UnpaidItem } from '../../packages/sdk/src/services/index'
import { DEMO_COMPANIES } from '../../packages/server/src/db/seed-demo-data'
import { austrianIban } from '../../packages/server/src/db/seed-demo-ids'
import { camtStatement } from '../support/bank-statements'
import { bookForTest } from '../support/erp-bookings'
import { epcIssues, transfersOf, xsdErrors } from '../support/sepa-checker'
import { createPayer } from '../support/payer'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'
import { createI18n } from '../../packages/sdk/src/i18n/index'

// Issue 35 through the real server: the approval policy, approving (four eyes above the limit, delegation), rejecting
// and asking; the proposal and the payment run with its pain.001 file (our XSD of the subset and the EPC checker), the
// second person's release, "in payment" on the unpaid items, and the settlement by a CAMT.053 built from the run and
// imported through the bank import. The demo ledger gives company 1001 open supplier invoices.

const TODAY = viennaToday()

describe('approvals and payment runs', () => {
  let server: TestServer
  let admin: UserSession
  let staff: UserSession
  let payer: UserSession
  let client: UserSession
  let items: UnpaidItem[]

  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' } })
    await createPayer(server.knex, 'payer-password', 'de')
    ;[admin, staff, client, payer] = await Promise.all([
      signInSession(server.url, 'admin@demo.portal'),
      signInSession(server.url, 'staff@demo.portal'),
      signInSession(server.url, 'client@demo.portal'),
      signInSession(server.url, 'payer@case.portal', 'payer-password'),
    ])
    const proposal = await admin.client.service('payment-proposals').find({ query: { client: 1001, execution_date: TODAY, days: 366 } })
    expect(proposal.items).toEqual([]) // nothing approved yet
    const open = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', $limit: 500 } })).data
    // Suppliers the master data keeps without an IBAN get one, so every open invoice can be paid.
    for (const account of (await server.knex('accounts').where({ company_no: 1001 }).whereNull('iban').distinct('account')).map((row) => Number(row.account))) {
      await server.knex('accounts').where({ company_no: 1001, account }).update({ iban: austrianIban('20111', String(account)) })
    }
    items = open.filter((item) => item.paid === '0.00' && item.document_number).sort((a, b) => (toCents(a.gross) ?? 0) - (toCents(b.gross) ?? 0))
    expect(items.length).toBeGreaterThanOrEqual(4)
  })
  afterAll(async () => {
    for (const session of [admin, staff, client, payer]) session?.client.close()
    await server?.close()
  })

  const approvals = (session: UserSession) => session.client.service('document-approvals')
  // The limit is the smallest invoice's gross: it needs one approval, the others two.
  const small = () => items[0]
  const third = () => items[1]
  const fourth = () => items[2]
  const big = () => items.at(-1)!

  it('keeps a policy per company: pay or adm change it, audited; a bad IBAN is refused naming the field', async () => {
    expect(await failure(staff.client.service('approval-policies').patch(1001, { single_limit: '1.00' }))).toMatchObject({ code: 403 })
    expect(await failure(client.client.service('approval-policies').get(1001))).toMatchObject({ code: 403 })
    expect(await failure(admin.client.service('approval-policies').patch(1001, { debtor_iban: 'AT00 1234 5678 9012 3456' }))).toMatchObject({ code: 400, data: { key: 'unpaid:approval.error.ibanInvalid', params: { field: 'debtor_iban' } } })
    const policy = await admin.client.service('approval-policies').patch(1001, { single_limit: small().gross, run_release_required: true })
    expect(policy).toMatchObject({ company_no: 1001, single_limit: small().gross, run_release_required: true, updated_by_name: 'Anna Huber' })
    expect(policy.candidates.map((candidate) => candidate.name)).toEqual(expect.arrayContaining(['Anna Huber', 'Paula Zahler']))
    // The company's payer (pay, no adm) changes it too, from the unpaid items; the firm's staff (app) only reads it.
    expect(await payer.client.service('approval-policies').patch(1001, { debtor_name: 'Alpenblick GmbH' })).toMatchObject({ debtor_name: 'Alpenblick GmbH', updated_by_name: 'Paula Zahler' })
    expect(await staff.client.service('approval-policies').get(1001)).toMatchObject({ debtor_name: 'Alpenblick GmbH' })
    const audit = await server.knex('audit_log').where({ entity: 'approval_policies', entity_id: '1001' }).first('action', 'after')
    expect(audit).toMatchObject({ action: 'approvalPolicy.change' })
  })

  it('approves: one approval up to the limit, two different people above it; rejects with a reason; asks', async () => {
    expect(await failure(approvals(client).create({ document_id: small().document_id, action: 'approve' }))).toMatchObject({ code: 403 })
    expect(await approvals(admin).create({ document_id: small().document_id, action: 'approve' })).toMatchObject({ state: 'approved', needed: 1, approved_by: ['Anna Huber'] })
    expect(await approvals(admin).create({ document_id: big().document_id, action: 'approve' })).toMatchObject({ state: 'partly', needed: 2 })
    expect(await failure(approvals(admin).create({ document_id: big().document_id, action: 'approve' }))).toMatchObject({ code: 409, data: { key: 'unpaid:approval.error.sameApprover' } })
    const both = await approvals(staff).create({ document_id: big().document_id, action: 'approve' })
    expect(both).toMatchObject({ state: 'approved', approved_by: ['Anna Huber', 'Stefan Bauer'] })

    expect(await failure(approvals(admin).create({ document_id: third().document_id, action: 'reject' }))).toMatchObject({ code: 400, data: { params: { field: 'text', rule: 'reasonRequired' } } })
    expect(await approvals(admin).create({ document_id: third().document_id, action: 'reject', text: 'Falscher Betrag' })).toMatchObject({ state: 'rejected' })
    const asked = await approvals(staff).create({ document_id: fourth().document_id, action: 'question', text: 'Wurde die Ware geliefert?' })
    expect(asked).toMatchObject({ state: 'questioned', steps: [{ action: 'question', text: 'Wurde die Ware geliefert?', user_name: 'Stefan Bauer' }] })
    expect(await failure(approvals(admin).create({ document_id: 987_654_321, action: 'approve' }))).toMatchObject({ code: 403 })

    // A column of the unpaid items and a filter.
    const approved = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', approval: 'approved', $limit: 500 } })).data
    expect(approved.map((item) => item.id).sort()).toEqual([small().id, big().id].sort())
    const rejected = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', approval: 'rejected', $limit: 500 } })).data
    expect(rejected.map((item) => item.id)).toEqual([third().id])
    // The history stays: stored steps cannot be changed or removed.
    await expect(server.knex('document_approvals').where({ document_id: third().document_id }).update({ text: 'anders' })).rejects.toThrow(/append-only/)
    await expect(server.knex('document_approvals').where({ document_id: third().document_id }).delete()).rejects.toThrow(/append-only/)
    // A filter of the invoice views (booked incoming invoices are in ER).
    const view = await admin.client.service('aggregator').find({ query: { client_no: 1001, type: 'ER', approval: 'rejected', $select: ['id'] } })
    expect(view.data.map((row) => row.id)).toEqual([third().document_id])
    const actions = await server.knex('audit_log').where({ entity: 'document_approvals' }).orderBy('id').pluck('action')
    expect(actions).toEqual(['documentApproval.approve', 'documentApproval.approve', 'documentApproval.approve', 'documentApproval.reject', 'documentApproval.question'])
  })

  it('lets a named approver delegate during absence: the delegate approves in their place, never twice for one invoice', async () => {
    const candidates = (await admin.client.service('approval-policies').get(1001)).candidates
    const id = (name: string) => candidates.find((candidate) => candidate.name === name)!.id
    await admin.client.service('approval-policies').patch(1001, { approvers: [id('Anna Huber'), id('Stefan Bauer')] })
    const subject = fourth()
    expect(await failure(approvals(payer).create({ document_id: subject.document_id, action: 'approve' }))).toMatchObject({ code: 409, data: { key: 'unpaid:approval.error.notApprover' } })
    const delegation = await staff.client.service('approval-delegations').create({ client: 1001, to_user: id('Paula Zahler'), from_date: TODAY, to_date: TODAY })
    expect(delegation).toMatchObject({ from_name: 'Stefan Bauer', to_name: 'Paula Zahler', ended: false })
    expect(await approvals(payer).create({ document_id: subject.document_id, action: 'approve' })).toMatchObject({ state: 'partly', steps: [{ action: 'question' }, { action: 'approve', user_name: 'Paula Zahler', on_behalf_of_name: 'Stefan Bauer' }] })
    expect(await approvals(admin).create({ document_id: subject.document_id, action: 'approve' })).toMatchObject({ state: 'approved' })
    expect(await staff.client.service('approval-delegations').remove(delegation.id)).toMatchObject({ ended: true })
    await admin.client.service('approval-policies').patch(1001, { approvers: [] })
  })

  let run: PaymentRunRecord
  const download = async (session: UserSession, id: number) => fetch(`${server.url}${paymentRunHttpPaths.file(id)}`, { headers: { authorization: `Bearer ${session.token}` } })

  it('proposes approved invoices (open discounts first) and refuses what is not approved', async () => {
    const proposal = await admin.client.service('payment-proposals').find({ query: { client: 1001, execution_date: TODAY, days: 366 } })
    expect(proposal.items.map((item) => item.id)).toEqual(expect.arrayContaining([small().id, big().id]))
    const sum = proposal.items.reduce((total, item) => total + (toCents(item.amount) ?? 0), 0)
    expect(toCents(proposal.total)).toBe(sum)
    expect(await failure(staff.client.service('payment-proposals').find({ query: { client: 1001, execution_date: TODAY } }))).toMatchObject({ code: 403 })
    expect(await failure(admin.client.service('payment-runs').create({ company_no: 1001, open_item_ids: [third().id], execution_date: TODAY }))).toMatchObject({ code: 409, data: { key: 'unpaid:runs.error.notApproved' } })
    expect(await failure(admin.client.service('payment-runs').create({ company_no: 1001, open_item_ids: [small().id], execution_date: '2020-01-01' }))).toMatchObject({ code: 400, data: { params: { field: 'execution_date' } } })
  })

  it('creates a run whose pain.001.001.09 passes our XSD and the EPC checks, kept byte for byte, released by a second person', async () => {
    expect(await failure(staff.client.service('payment-runs').create({ company_no: 1001, open_item_ids: [small().id], execution_date: TODAY }))).toMatchObject({ code: 403 })
    const events: PaymentRunRecord[] = []
    ;(payer.client.service('payment-runs') as unknown as { on(event: 'created', listener: (run: PaymentRunRecord) => void): void }).on('created', (event) => events.push(event))
    run = await admin.client.service('payment-runs').create({ company_no: 1001, open_item_ids: [small().id, big().id], execution_date: TODAY })
    // Another open screen of the company hears of it as its list shows runs: without the items (the answer has them).
    await expect.poll(() => events.length).toBe(1)
    // Once: a call answered on the same socket comes after every event of the run sent to it.
    await payer.client.service('payment-runs').get(run.id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ id: run.id, total: run.total, count: 2, items: [] })
    expect(run.items.map((item) => item.booking_id).sort()).toEqual([small().id, big().id].sort())
    const expected = [small(), big()].reduce((total, item) => total + (toCents(item.open) ?? 0) - (item.discount_applies ? (toCents(item.discount) ?? 0) : 0), 0)
    expect(run).toMatchObject({ status: 'created', count: 2, transactions: 2, pain_version: 'pain.001.001.09', release_required: true, debtor_iban: DEMO_COMPANIES.find((company) => company.company_no === 1001)!.iban })
    expect(toCents(run.total)).toBe(expected)

    // In payment on the unpaid items; never in two runs.
    const listed = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', approval: 'approved', $limit: 500 } })).data
    expect(listed.find((item) => item.id === small().id)?.in_run).toBe(run.id)
    expect(await failure(admin.client.service('payment-runs').create({ company_no: 1001, open_item_ids: [small().id], execution_date: TODAY }))).toMatchObject({ code: 409, data: { key: 'unpaid:runs.error.inRun' } })

    // Four eyes: no file before the release, and not released by its creator.
    expect((await download(admin, run.id)).status).toBe(409)
    expect(await failure(admin.client.service('payment-runs').patch(run.id, { action: 'release' }))).toMatchObject({ code: 409, data: { key: 'unpaid:runs.error.sameAsCreator' } })
    expect(await payer.client.service('payment-runs').patch(run.id, { action: 'release' })).toMatchObject({ status: 'released', released_by_name: 'Paula Zahler' })

    const first = await download(admin, run.id)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-disposition')).toContain(`zahlungslauf-1001-${run.id}.pain.001.001.09.xml`)
    const bytes = Buffer.from(await first.arrayBuffer())
    expect(Buffer.from(await (await download(payer, run.id)).arrayBuffer()).equals(bytes)).toBe(true)
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(run.file_sha256)
    const xml = bytes.toString('utf8')
    expect(await xsdErrors(xml, '09')).toEqual([])
    expect(epcIssues(xml)).toEqual([])
    expect(xml).toContain(`<ReqdExctnDt><Dt>${TODAY}</Dt></ReqdExctnDt>`)
    expect(xml).toContain(`<Ustrd>${small().document_number}</Ustrd>`)
    expect((await download(staff, run.id)).status).toBe(403)
    expect((await download(client, run.id)).status).toBe(403)

    expect(await admin.client.service('payment-runs').patch(run.id, { action: 'sent' })).toMatchObject({ status: 'sent' })
    const actions = await server.knex('audit_log').where({ entity: 'payment_runs', entity_id: String(run.id) }).orderBy('id').pluck('action')
    expect(actions).toEqual(['paymentRun.create', 'paymentRun.release', 'paymentRun.sent'])
  })

  it('settles the run\'s invoices when the bank statement brings its debits (CAMT.053 built from the run)', async () => {
    const iban = DEMO_COMPANIES.find((company) => company.company_no === 1001)!.iban
    await admin.client.service('bank-terms').create({ client: 1001, version: BANK_TERMS_VERSION, language: 'de' })
    const access = await admin.client.service('bank-accesses').create({ client: 1001, iban })
    await admin.client.service('bank-approvals').patch(access.id, { decision: 'approve' })
    const xml = Buffer.from(await (await download(admin, run.id)).arrayBuffer()).toString('utf8')
    const entries = transfersOf(xml).map((transfer) => ({ amountCents: -transfer.amountCents, date: transfer.date, name: transfer.name, iban: transfer.iban, endToEndId: transfer.endToEndId, remittance: transfer.remittance }))
    const statement = camtStatement({ iban, statementId: `RUN-${run.id}`, openingCents: 5_000_000, entries })
    expect(await admin.client.service('bank-statements').create({ client: 1001, file_name: 'run.xml', content: statement })).toMatchObject({ added: 2 })
    const open = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', $limit: 500 } })).data.map((item) => item.id)
    expect(open).not.toContain(small().id)
    expect(open).not.toContain(big().id)
    const payments = await server.knex('payments').whereIn('booking_id', [small().id, big().id]).whereNull('undone_at').select('source')
    expect(payments.map((payment) => payment.source)).toEqual(['bank', 'bank'])
  })

  it('writes pain.001.001.03 with one transfer per supplier and a part payment; a cancelled run frees its item', async () => {
    const subject = fourth() // approved by the delegate and the admin
    const partRun = await admin.client.service('payment-runs').create({
      company_no: 1001,
      open_item_ids: [subject.id],
      execution_date: TODAY,
      grouping: 'supplier',
      pain_version: 'pain.001.001.03',
      part_amounts: [{ id: subject.id, amount: '10.05' }],
    })
    expect(partRun).toMatchObject({ count: 1, total: '10.05', grouping: 'supplier', items: [{ booking_id: subject.id, amount: '10.05', discount: '0.00' }] })
    expect(await payer.client.service('payment-runs').patch(partRun.id, { action: 'release' })).toMatchObject({ status: 'released' })
    const xml = Buffer.from(await (await download(admin, partRun.id)).arrayBuffer()).toString('utf8')
    expect(await xsdErrors(xml, '03')).toEqual([])
    expect(epcIssues(xml)).toEqual([])
    expect(xml).toContain(`<ReqdExctnDt>${TODAY}</ReqdExctnDt>`)
    // Cancelled before it was sent: the item is free again.
    expect(await admin.client.service('payment-runs').patch(partRun.id, { action: 'cancel' })).toMatchObject({ status: 'cancelled' })
    const listed = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', approval: 'approved', $limit: 500 } })).data
    expect(listed.find((item) => item.id === subject.id)?.in_run).toBeNull()
  })

  it('sets a credit note off against the same supplier in one transfer', async () => {
    const subject = fourth()
    const runsBefore = (await admin.client.service('payment-runs').find({ query: { client: 1001 } })).map((listed) => listed.id)
    const credit = await bookForTest(server.knex, { document_id: third().document_id, company_no: 1001, period: TODAY.slice(0, 7), account: subject.account, document_number: 'GS-CREDIT-1', gross: '-10.00', lines: [{ taxCode: 'V20', rate: '20', net: '-8.33', tax: '-1.67', gross: '-10.00' }] })
    const proposal = await admin.client.service('payment-proposals').find({ query: { client: 1001, execution_date: TODAY, days: 366 } })
    expect(proposal.credit_notes).toEqual(expect.arrayContaining([expect.objectContaining({ id: credit.id, amount: '-10.00', document_number: 'GS-CREDIT-1' })]))
    const data = { company_no: 1001, open_item_ids: [subject.id], execution_date: TODAY, credit_note_ids: [credit.id] }
    expect(await failure(admin.client.service('payment-runs').create(data))).toMatchObject({ code: 400, data: { params: { field: 'credit_note_ids', rule: 'creditNotesNeedSupplier' } } })
    // A supplier's credit notes that reach its invoices leave nothing to pay: refused, naming the field and the rule.
    const large = await bookForTest(server.knex, { document_id: fourth().document_id, company_no: 1001, period: TODAY.slice(0, 7), account: subject.account, document_number: 'GS-CREDIT-2', gross: `-${subject.open}`, lines: [] })
    const exceeds = await failure(admin.client.service('payment-runs').create({ ...data, grouping: 'supplier', credit_note_ids: [credit.id, large.id] }))
    expect(exceeds).toMatchObject({ code: 400, data: { key: 'unpaid:runs.error.creditExceeds', params: { field: 'credit_note_ids', rule: 'creditExceeds', account: String(subject.account) } } })
    expect(createI18n({ lng: 'de' }).t(exceeds.data!.key!, exceeds.data!.params)).toContain(`Lieferant ${subject.account}`)
    expect(createI18n({ lng: 'en' }).t(exceeds.data!.key!, exceeds.data!.params)).toContain(`Supplier ${subject.account}`)
    expect((await admin.client.service('payment-runs').find({ query: { client: 1001 } })).map((listed) => listed.id)).toEqual(runsBefore)
    const setOff = await admin.client.service('payment-runs').create({ ...data, grouping: 'supplier' })
    const payable = (proposal.items.find((item) => item.id === subject.id)?.amount ?? subject.open)
    expect(toCents(setOff.total)).toBe((toCents(payable) ?? 0) - 1000)
    expect(setOff).toMatchObject({ count: 1, transactions: 1 })
    expect(setOff.items.map((item) => item.amount)).toContain('-10.00')
    await payer.client.service('payment-runs').patch(setOff.id, { action: 'release' })
    const xml = Buffer.from(await (await download(admin, setOff.id)).arrayBuffer()).toString('utf8')
    expect(await xsdErrors(xml, '09')).toEqual([])
    expect(epcIssues(xml)).toEqual([])
    expect(xml).toMatch(/<Ustrd>GS-CREDIT-1, [^<]+<\/Ustrd>/)
    // Set off once: the credit note is in no second run.
    expect((await admin.client.service('payment-proposals').find({ query: { client: 1001, execution_date: TODAY, days: 366 } })).credit_notes.map((note) => note.id)).not.toContain(credit.id)

    // The bank brings the one debit of the net amount: the invoice is paid in full and the credit note used up.
    await admin.client.service('payment-runs').patch(setOff.id, { action: 'sent' })
    const iban = DEMO_COMPANIES.find((company) => company.company_no === 1001)!.iban
    const entries = transfersOf(xml).map((transfer) => ({ amountCents: -transfer.amountCents, date: transfer.date, name: transfer.name, iban: transfer.iban, endToEndId: transfer.endToEndId, remittance: transfer.remittance }))
    expect(entries).toHaveLength(1)
    const imported = await admin.client.service('bank-statements').create({ client: 1001, file_name: 'set-off.xml', content: camtStatement({ iban, statementId: `RUN-${setOff.id}`, openingCents: 5_000_000, entries }) })
    expect(imported).toMatchObject({ added: 1, settled: 2 })
    const open = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', $limit: 500 } })).data.map((item) => item.id)
    expect(open).not.toContain(subject.id)
    const [movement] = (await admin.client.service('bank-transactions').find({ query: { client: 1001, $limit: 500 } })).data.filter((row) => row.remittance.includes('GS-CREDIT-1'))
    expect(movement.matches.map((match) => [match.document_number, match.amount]).sort()).toEqual([['GS-CREDIT-1', '-10.00'], [subject.document_number, payable]].sort())
    const creditPayments = await admin.client.service('payments').find({ query: { client: 1001, booking_id: credit.id } })
    expect(creditPayments).toMatchObject([{ amount: '-10.00', discount: '0.00', source: 'bank', undone_at: null }])
    // Undone, both are open again; matched again by hand from the proposal, both are settled again.
    await admin.client.service('bank-matches').remove(movement.id)
    expect((await admin.client.service('payments').find({ query: { client: 1001, booking_id: credit.id } }))[0].undone_at).not.toBeNull()
    expect((await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', $limit: 500 } })).data.map((item) => item.id)).toContain(subject.id)
    const again = await admin.client.service('bank-matches').create({ transaction_id: movement.id, proposal: 0 })
    expect(again.matches.map((match) => match.amount).sort()).toEqual(['-10.00', payable].sort())
  })
})
