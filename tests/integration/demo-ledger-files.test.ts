import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocumentKind, QUOTA_ITEM_STATES, viennaToday } from '../../packages/sdk/src/domain/index'
import { documentHttpPaths, type BankAccessRecord, type DocumentFields } from '../../packages/sdk/src/services/index'
import { pdfText } from '../support/pdf-reader'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'

// The demo ledger's booked documents are documents like uploaded ones: each has its PDF in the document store (at its
// content address, with the row's hash, size and page count), the PDF states the values in the document's fields, and
// the viewer can draw its page. Every screen of SPEC §2 has something for the demo admin to try (issue 38), dated in
// the past. A second start seeds nothing and leaves the store as it was.

interface LedgerRow {
  id: number
  company_no: number
  document_type: string
  sha256: string
  size: string | number
  pages: number
  invoice_number: string
  invoice_date: string | Date
  total_gross: string
  total_net: string
  tax_amount: string
  seller_vat_id: string | null
  iban: string | null
  job_id: number | null
}

const filePath = (dataDir: string, sha256: string) => join(dataDir, 'documents', sha256.slice(0, 2), sha256.slice(2, 4), sha256)
/** 1234.5 → '1.234,50', as the invoices print amounts. */
const austrian = (amount: string) => new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(Number(amount))
const isoDate = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10))

async function storedHashes(dataDir: string): Promise<string[]> {
  const entries = await readdir(join(dataDir, 'documents'), { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name)).map((entry) => entry.name).sort()
}

describe('demo ledger: every booked document has its PDF', () => {
  let server: TestServer
  let staff: UserSession
  let rows: LedgerRow[]

  beforeAll(async () => {
    server = await startTestServer({ env: { DOCUMENT_STORE: 'folder', PORTAL_DEMO_LEDGER: '1', PORTAL_DEMO_SCREENS: '1' }, keep: true })
    staff = await signInSession(server.url, 'staff@demo.portal')
    rows = (await server.knex('documents').whereIn('company_no', [1001, 1002]).whereNotNull('booked_at').orderBy('id')) as LedgerRow[]
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
  })

  it('stores each file at its content address with the size and hash of its row, and a finished job', async () => {
    expect(rows.length).toBeGreaterThan(400)
    for (const row of rows) {
      const bytes = await readFile(filePath(server.dataDir, row.sha256.trim()))
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256.trim())
      expect(Number(row.size)).toBe(bytes.byteLength)
      expect(Number(row.pages)).toBe(1)
      expect(row.job_id).not.toBeNull()
    }
    const others = (await server.knex('documents').whereNotIn('id', rows.map((row) => row.id)).select('sha256')) as { sha256: string }[]
    expect(await storedHashes(server.dataDir)).toEqual([...new Set([...rows, ...others].map((row) => row.sha256.trim()))].sort())
  })

  it.each([DocumentKind.ER, DocumentKind.AR, DocumentKind.KA])('a %s document reads as what its fields say', async (kind) => {
    const row = rows.find((candidate) => candidate.document_type === kind && candidate.company_no === 1002)!
    const text = await pdfText(await readFile(filePath(server.dataDir, row.sha256.trim())))
    expect(text).toContain(row.invoice_number)
    expect(text).toContain(`EUR ${austrian(row.total_gross)}`)
    const [year, month, day] = isoDate(row.invoice_date).split('-')
    expect(text).toContain(`${day}.${month}.${year}`)
    expect(text).toContain(row.seller_vat_id!)
    expect(text.replaceAll(' ', '')).toContain(row.iban!)
    if (kind !== DocumentKind.KA) {
      expect(text).toContain(`Nettobetrag   EUR ${austrian(row.total_net)}`)
      expect(text).toContain(`EUR ${austrian(row.tax_amount)}`)
    }
    // The viewer lists the same values and draws the page.
    const fields = (await staff.client.service('document-fields').get(row.id)) as DocumentFields
    const current = (name: string) => fields.fields.find((field) => field.field === name)?.current?.value
    expect(current('invoice_number')).toBe(row.invoice_number)
    expect(Number(current('total_gross'))).toBe(Number(row.total_gross))
    expect(current('seller_vat_id')).toBe(row.seller_vat_id)
    expect(fields.pages).toEqual([{ page: 1, width: expect.closeTo(595.28, 1) as number, height: expect.closeTo(841.89, 1) as number }])
    const page = await fetch(`${server.url}${documentHttpPaths.page(row.id, 1)}`, { headers: { authorization: `Bearer ${staff.token}` } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('image/png')
    expect((await page.arrayBuffer()).byteLength).toBeGreaterThan(5_000)
  })

  it('gives the admin something to try on every screen of SPEC §2', async () => {
    const admin = await signInSession(server.url, 'admin@demo.portal')
    try {
      const service = admin.client.service.bind(admin.client) as (path: string) => { find(params: { query: Record<string, unknown> }): Promise<unknown> }
      const find = <T>(path: string, query: Record<string, unknown> = {}) => service(path).find({ query }) as Promise<T>
      // The address register.
      expect((await find<{ total: number }>('addresses')).total).toBeGreaterThanOrEqual(3)
      // Bank approvals: requests waiting and requests decided.
      const approvals = await find<BankAccessRecord[]>('bank-approvals')
      expect(approvals.some((access) => access.state === 'pending')).toBe(true)
      expect(approvals.some((access) => access.state === 'approved')).toBe(true)
      expect(approvals.some((access) => access.state === 'rejected')).toBe(true)
      // Banking of the admin's favourite company: an account, a statement, settled and waiting movements.
      const accesses = await find<BankAccessRecord[]>('bank-accesses', { client: 1001 })
      expect(accesses.some((access) => access.state === 'approved')).toBe(true)
      const movements = await find<{ total: number; data: { matches: unknown[]; proposals: unknown[] }[] }>('bank-transactions', { client: 1001 })
      expect(movements.total).toBeGreaterThanOrEqual(5)
      expect(movements.data.some((movement) => movement.matches.length > 0)).toBe(true)
      expect(movements.data.some((movement) => movement.matches.length === 0)).toBe(true)
      // The contribution-account tool: an imported account with its transactions.
      const svAccounts = await find<{ data: { id: number }[] }>('sv-accounts')
      expect(svAccounts.data.length).toBeGreaterThan(0)
      const details = await Promise.all(svAccounts.data.map((account) => (admin.client.service('sv-accounts').get(account.id) as Promise<{ transactions: unknown[] }>)))
      expect(details.some((detail) => detail.transactions.length > 0)).toBe(true)
      // Scanners.
      expect((await find<unknown[]>('scanners')).length).toBeGreaterThan(0)
      // FON quota items in every state.
      for (const state of QUOTA_ITEM_STATES) expect((await find<{ total: number }>('fon-items', { state })).total, state).toBeGreaterThan(0)
      // A few incoming invoices waiting in "incoming open".
      const counts = await find<{ views: Record<string, number | null> }>('invoice-counts', { client_no: 1001 })
      expect(counts.views.ER_U).toBeGreaterThanOrEqual(3)
      // Responsibility: companies with their responsible staff member.
      const responsibility = await find<{ data: { staffId: string | null }[] }>('responsibility', { $limit: 50 })
      expect(responsibility.data.filter((row) => row.staffId !== null).length).toBeGreaterThanOrEqual(3)
      // The firm dashboard: open work at Alpenblick, and last month of Steiner released by the client.
      const overview = await find<{ data: { company_no: number; invoices_open: number; unmatched: number; month: { released: { released_by_name: string } | null } }[] }>('company-overview')
      const row = (companyNo: number) => overview.data.find((candidate) => candidate.company_no === companyNo)!
      expect(row(1001).invoices_open + row(1001).unmatched).toBeGreaterThan(0)
      expect(row(1002).month.released).toMatchObject({ released_by_name: 'Clara Steiner' })
    } finally {
      admin.client.close()
    }
  })

  it('dates nothing of the demo after today, and no time after now', async () => {
    const today = viennaToday()
    const columns = (await server.knex('information_schema.columns')
      .whereRaw('table_schema = current_schema()')
      .whereIn('data_type', ['date', 'timestamp with time zone', 'timestamp without time zone'])
      .select('table_name', 'column_name', 'data_type')) as { table_name: string; column_name: string; data_type: string }[]
    // Dates that lie ahead by their nature: due dates, ends of periods and of authorizations, expiry, planned runs.
    const ahead = /^(due_date|discount_due_date|end_date|expires_at|expires_on|gueltig_bis|locked_until|run_at)$/
    const late: string[] = []
    for (const { table_name, column_name, data_type } of columns.filter((column) => !ahead.test(column.column_name))) {
      const row = (await server.knex(table_name).max({ latest: column_name }).first()) as { latest: string | Date | null } | undefined
      if (!row?.latest) continue
      if (data_type === 'date' ? isoDate(row.latest) > today : new Date(row.latest).getTime() > Date.now()) late.push(`${table_name}.${column_name} = ${String(row.latest)}`)
    }
    expect(late).toEqual([])
  })

  it('seeds nothing again on the next start: the same rows, the same files', async () => {
    const tables = ['documents', 'addresses', 'scanners', 'bank_accesses', 'bank_transactions', 'payments', 'sv_accounts', 'sv_transactions', 'fon_items', 'audit_log']
    const counts = async () => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, Number(((await server.knex(table).count('* as n').first()) as { n: string | number }).n)])))
    const before = await storedHashes(server.dataDir)
    const rowsBefore = await counts()
    const { dataDir, databaseSchema } = server
    staff.client.close()
    await server.close()
    server = await startTestServer({ env: { DOCUMENT_STORE: 'folder', PORTAL_DEMO_LEDGER: '1', PORTAL_DEMO_SCREENS: '1' }, dataDir, databaseSchema, keep: false })
    staff = await signInSession(server.url, 'staff@demo.portal')
    const again = (await server.knex('documents').whereIn('company_no', [1001, 1002]).whereNotNull('booked_at').count('* as n').first()) as { n: string | number }
    expect(Number(again.n)).toBe(rows.length)
    expect(await counts()).toEqual(rowsBefore)
    expect(await storedHashes(dataDir)).toEqual(before)
  })
})
