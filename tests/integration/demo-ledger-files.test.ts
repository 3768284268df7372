import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocumentKind } from '../../packages/sdk/src/domain/index'
import { documentHttpPaths, type DocumentFields } from '../../packages/sdk/src/services/index'
import { pdfText } from '../support/pdf-reader'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'

// The demo ledger's booked documents are documents like uploaded ones: each has its PDF in the document store (at its
// content address, with the row's hash, size and page count), the PDF states the values in the document's fields, and
// the viewer can draw its page. A second start seeds nothing and leaves the store as it was.

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
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' }, keep: true })
    staff = await signInSession(server.url, 'staff@demo.portal')
    rows = (await server.knex('documents').whereIn('company_no', [1001, 1002]).orderBy('id')) as LedgerRow[]
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
    expect(await storedHashes(server.dataDir)).toEqual([...new Set(rows.map((row) => row.sha256.trim()))].sort())
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

  it('seeds nothing again on the next start: the same rows, the same files', async () => {
    const before = await storedHashes(server.dataDir)
    const { dataDir, databaseSchema } = server
    staff.client.close()
    await server.close()
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' }, dataDir, databaseSchema, keep: false })
    staff = await signInSession(server.url, 'staff@demo.portal')
    const again = (await server.knex('documents').whereIn('company_no', [1001, 1002]).count('* as n').first()) as { n: string | number }
    expect(Number(again.n)).toBe(rows.length)
    expect(await storedHashes(dataDir)).toEqual(before)
  })
})
