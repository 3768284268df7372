import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BANK_TERMS_VERSION, accessExpiry } from '../../packages/sdk/src/domain/index'
import type { BankAccessRecord, UnpaidItem } from '../../packages/sdk/src/services/index'
import { bankingClock } from '../../packages/server/src/banking/clock'
import { viennaToday } from '../../packages/server/src/commands/viennaToday'
import { camtStatement } from '../support/bank-statements'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 19 on the server: terms, access requests, the firm's approval, expiry on an injected clock, statement imports
// (duplicates, refusals that store nothing), automatic and clicked settlement of open items and its undo. Real server,
// sockets, PGlite (or PostgreSQL). The demo ledger gives company 1001 open invoices to match.

const IBAN = 'AT402011182221219900'
const fixture = (name: string) => readFileSync(new URL(`../fixtures/banking/${name}`, import.meta.url), 'utf8')

describe('banking: terms, access, statements, matching', () => {
  let server: TestServer
  let admin: UserSession
  let staff: UserSession
  let access: BankAccessRecord
  const realToday = bankingClock.today

  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' } })
    admin = await signInSession(server.url, 'admin@demo.portal')
    staff = await signInSession(server.url, 'staff@demo.portal')
  })
  afterEach(() => {
    bankingClock.today = realToday
  })
  afterAll(async () => {
    for (const session of [admin, staff]) session?.client.close()
    await server?.close()
  })

  const transactions = (query: Record<string, unknown> = {}) => admin.client.service('bank-transactions').find({ query: { client: 1001, $limit: 100, ...query } })
  const openAr = async (): Promise<UnpaidItem[]> => (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'AR', $limit: 500 } })).data
  const importFile = (content: string, fileName = 'statement.xml') => admin.client.service('bank-statements').create({ client: 1001, file_name: fileName, content })

  it('refuses a user without ban or adm, and an access before the terms are accepted', async () => {
    expect(await failure(staff.client.service('bank-terms').find({ query: { client: 1001 } }))).toMatchObject({ code: 403 })
    expect(await failure(staff.client.service('bank-transactions').find({ query: { client: 1001 } }))).toMatchObject({ code: 403 })
    expect(await failure(staff.client.service('bank-approvals').find({ query: {} }))).toMatchObject({ code: 403 })
    expect(await failure(admin.client.service('bank-accesses').create({ client: 1001, iban: IBAN }))).toMatchObject({ code: 409, data: { key: 'banking:error.termsNotAccepted' } })
  })

  it('accepts the terms, requests access (IBAN checked), and the firm approves it for 90 days', async () => {
    const terms = await admin.client.service('bank-terms').create({ client: 1001, version: BANK_TERMS_VERSION, language: 'de' })
    expect(terms.accepted).toMatchObject({ version: BANK_TERMS_VERSION, language: 'de', accepted_by_name: 'Anna Huber' })
    expect(await failure(admin.client.service('bank-accesses').create({ client: 1001, iban: 'AT40 2011 1822 2121 9901' }))).toMatchObject({ code: 400, data: { key: 'banking:error.ibanInvalid', params: { field: 'iban' } } })
    const requested = await admin.client.service('bank-accesses').create({ client: 1001, iban: 'AT40 2011 1822 2121 9900', name: 'Geschäftskonto' })
    expect(requested).toMatchObject({ iban: IBAN, status: 'pending', state: 'pending', expires_on: null })
    expect(await failure(admin.client.service('bank-accesses').create({ client: 1001, iban: IBAN }))).toMatchObject({ code: 409, data: { key: 'banking:error.accessExists' } })
    // Statements wait for the approval.
    expect(await failure(importFile(fixture('camt053-erste-v02.xml')))).toMatchObject({ code: 409, data: { key: 'banking:error.accessNotActive' } })

    const pending = await admin.client.service('bank-approvals').find({ query: { state: 'pending' } })
    expect(pending.map((row) => row.id)).toContain(requested.id)
    access = await admin.client.service('bank-approvals').patch(requested.id, { decision: 'approve' })
    expect(access).toMatchObject({ status: 'approved', state: 'approved', expires_on: accessExpiry(viennaToday()), decided_by_name: 'Anna Huber' })
    expect(access.events.map((event) => event.action)).toEqual(['request', 'approve'])
    expect(await failure(admin.client.service('bank-approvals').patch(requested.id, { decision: 'reject' }))).toMatchObject({ code: 409 })
    const audit = await server.knex('audit_log').where({ entity: 'bank_accesses', entity_id: String(requested.id) }).orderBy('id').pluck('action')
    expect(audit).toEqual(['bankAccess.request', 'bankAccess.approve'])
  })

  it('expires on its day and reminds 14 days before (injected clock); renewal gives 90 days from that day', async () => {
    const expires = access.expires_on as string
    const dayBefore = (days: number) => {
      const date = new Date(`${expires}T00:00:00Z`)
      date.setUTCDate(date.getUTCDate() - days)
      return date.toISOString().slice(0, 10)
    }
    const stateOn = async (day: string) => {
      bankingClock.today = () => day
      return (await admin.client.service('bank-accesses').find({ query: { client: 1001 } })).find((row) => row.id === access.id)
    }
    expect(await stateOn(dayBefore(15))).toMatchObject({ state: 'approved', days_left: 15 })
    expect(await stateOn(dayBefore(14))).toMatchObject({ state: 'expiringSoon', days_left: 14 })
    expect(await stateOn(dayBefore(1))).toMatchObject({ state: 'expiringSoon' })
    expect(await stateOn(expires)).toMatchObject({ state: 'expired', days_left: 0 })
    expect((await admin.client.service('bank-approvals').find({ query: { state: 'expired' } })).map((row) => row.id)).toContain(access.id)
    // An expired access imports nothing; renewing on that day reads for another 90 days.
    expect(await failure(importFile(fixture('camt053-erste-v02.xml')))).toMatchObject({ code: 409, data: { key: 'banking:error.accessNotActive' } })
    const renewed = await admin.client.service('bank-accesses').patch(access.id, { action: 'renew' })
    expect(renewed).toMatchObject({ state: 'approved', expires_on: accessExpiry(expires) })
    bankingClock.today = realToday
    access = await admin.client.service('bank-accesses').patch(access.id, { action: 'renew' })
    expect(access.expires_on).toBe(accessExpiry(viennaToday()))
  })

  it('imports statements once: a repeated file and an overlapping statement add no duplicates', async () => {
    const first = await importFile(fixture('camt053-erste-v02.xml'), 'erste.xml')
    expect(first).toMatchObject({ format: 'camt053', statements: ['STMT-2026-041'], added: 5, duplicates: 0 })
    expect(await importFile(fixture('camt053-erste-v02.xml'), 'erste.xml')).toMatchObject({ added: 0, duplicates: 5 })
    // Raiffeisen's file delivers the first movement again, then two new ones.
    expect(await importFile(fixture('camt053-raiffeisen-v08.xml'), 'rlb.xml')).toMatchObject({ added: 2, duplicates: 1 })
    expect(await importFile(fixture('mt940-sparkasse-structured.sta'), 'sparkasse.sta')).toMatchObject({ format: 'mt940', added: 3 })
    const page = await transactions()
    expect(page.total).toBe(10)
    expect(page.data.find((row) => row.end_to_end_id === 'AR-2026-0007')).toMatchObject({ amount: '1200.00', counterparty_name: 'Muster Handels GmbH', counterparty_iban: 'AT791400000012345678' })
    expect(page.data.find((row) => row.return_reason === 'AC04')).toMatchObject({ is_return: true, mandate_id: 'MANDATE-77' })
    // Filters: search, date and amount; the balance chart has each day's last balance.
    expect((await transactions({ search: 'Strom' })).data.length).toBeGreaterThanOrEqual(3)
    expect((await transactions({ from: '2026-03-03', to: '2026-03-03' })).total).toBe(2)
    expect((await transactions({ min: '1000', max: '2000' })).data.map((row) => row.amount).sort()).toEqual(['1200.00', '1500.00'])
    expect(page.balances.at(-1)).toEqual({ date: '2026-03-04', balance: '13149.50' })
  })

  it('refuses broken files naming the statement, storing nothing', async () => {
    const before = (await transactions()).total
    const statements = await server.knex('bank_statements').count({ n: '*' })
    expect(await failure(importFile(fixture('broken-camt053-wrong-balance.xml')))).toMatchObject({ code: 400, data: { key: 'banking:error.file.unbalanced', params: { statement: 'STMT-2026-041' } } })
    expect(await failure(importFile(fixture('broken-camt053-truncated.xml')))).toMatchObject({ code: 400, data: { key: 'banking:error.file.truncated' } })
    expect(await failure(importFile(fixture('broken-camt053-unknown-tag.xml')))).toMatchObject({ code: 400, data: { key: 'banking:error.file.unknownTag' } })
    expect(await failure(importFile(fixture('broken-mt940-wrong-balance.sta')))).toMatchObject({ code: 400, data: { params: { statement: 'STARTUMSE/00042/001' } } })
    expect(await failure(importFile(camtStatement({ iban: 'AT483200000012345864', statementId: 'OTHER', openingCents: 0, entries: [] })))).toMatchObject({ code: 400, data: { key: 'banking:error.noAccessForAccount', params: { iban: 'AT483200000012345864' } } })
    expect((await transactions()).total).toBe(before)
    expect(await server.knex('bank_statements').count({ n: '*' })).toEqual(statements)
  })

  it('refuses a statement with a DOCTYPE (external entity) or nested 50,000 deep with 400 naming the file and rule, storing nothing', async () => {
    const before = (await transactions()).total
    const statements = await server.knex('bank_statements').count({ n: '*' })
    const camt = camtStatement({ iban: IBAN, statementId: 'XXE-1', openingCents: 0, entries: [] })
    const external = camt.replace('<Document', '<!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document').replace('<Id>XXE-1</Id>', '<Id>&x;</Id>')
    expect(await failure(importFile(external, 'xxe.xml'))).toMatchObject({ code: 400, data: { key: 'banking:error.file.xmlDoctype', params: { field: 'file', file: 'xxe.xml', rule: 'file.xmlDoctype' } } })
    const deep = camt.replace('<GrpHdr>', `${'<SplmtryData>'.repeat(50_000)}${'</SplmtryData>'.repeat(50_000)}<GrpHdr>`)
    expect(await failure(importFile(deep, 'deep.xml'))).toMatchObject({ code: 400, data: { key: 'banking:error.file.xmlTooDeep', params: { field: 'file', file: 'deep.xml', max: '64' } } })
    expect((await transactions()).total).toBe(before)
    expect(await server.knex('bank_statements').count({ n: '*' })).toEqual(statements)
  })

  it('settles a confident match by itself, proposes a part payment for a click, and unmatching restores the item', async () => {
    const items = await openAr()
    const [full, partly] = items.filter((item) => item.document_number && item.partner_name && item.discount === '0.00' && item.state === 'open')
    const fullCents = Math.round(Number(full.open) * 100)
    const content = camtStatement({
      iban: IBAN,
      statementId: 'MATCH-1',
      openingCents: 1_314_950,
      entries: [
        { amountCents: fullCents, date: viennaToday(), remittance: `Rechnung ${full.document_number}`, name: full.partner_name ?? '' },
        { amountCents: 10_000, date: viennaToday(), remittance: `Anzahlung ${partly.document_number}`, name: 'Someone Else' },
      ],
    })
    const result = await importFile(content, 'match.xml')
    expect(result).toMatchObject({ added: 2, settled: 1, proposed: 2 })
    expect((await openAr()).map((item) => item.id)).not.toContain(full.id)
    const moved = (await transactions({ search: full.document_number as string })).data[0]
    expect(moved.matches).toMatchObject([{ booking_id: full.id, amount: full.open, automatic: true }])
    expect(moved.proposals[0].reasons).toEqual(['invoiceNumber', 'amount', 'name'])
    const payment = await server.knex('payments').where({ id: moved.matches[0].payment_id }).first()
    expect(payment).toMatchObject({ source: 'bank', method: 'bankTransaction' })

    const part = (await transactions({ unmatched: true })).data.find((row) => row.remittance.includes(partly.document_number as string))
    expect(part?.proposals[0]).toMatchObject({ reasons: ['invoiceNumber', 'partial'], items: [{ bookingId: partly.id, amountCents: 10_000 }] })
    const settled = await admin.client.service('bank-matches').create({ transaction_id: part?.id as number, proposal: 0 })
    expect(settled.matches).toHaveLength(1)
    const after = (await openAr()).find((item) => item.id === partly.id)
    expect(Math.round(Number(after?.open) * 100)).toBe(Math.round(Number(partly.open) * 100) - 10_000)
    expect(await failure(admin.client.service('bank-matches').create({ transaction_id: part?.id as number, proposal: 0 }))).toMatchObject({ code: 409, data: { key: 'banking:error.alreadyMatched' } })

    const undone = await admin.client.service('bank-matches').remove(moved.id)
    expect(undone.matches).toEqual([])
    expect((await openAr()).find((item) => item.id === full.id)).toMatchObject({ open: full.open })
    expect(await server.knex('payments').where({ id: moved.matches[0].payment_id }).first()).toMatchObject({ undone_at: expect.any(Date) })
  })

  it('withdrawing the terms revokes every access', async () => {
    await admin.client.service('bank-terms').remove(1001)
    const accesses = await admin.client.service('bank-accesses').find({ query: { client: 1001 } })
    expect(accesses.every((row) => row.status === 'revoked')).toBe(true)
    expect(accesses[0].events.at(-1)?.action).toBe('revokeTermsWithdrawn')
    expect(await failure(importFile(fixture('camt053-erste-v02.xml')))).toMatchObject({ code: 409 })
  })
})
