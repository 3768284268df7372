import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EInvoiceRuleSet, EInvoiceValidationStatus } from '../../packages/sdk/src/domain/index'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadAndRead, uploadFiles, uploadResults, type UserSession } from '../support/session'

const FIXTURES = join(import.meta.dirname, '../../packages/server/src/extraction/fixtures')
const XRECHNUNG_UBL = join(FIXTURES, 'einvoices/xrechnung-3-ubl.xml')
const EBINTERFACE_22 = join(FIXTURES, 'ebinterface/ebinterface-2p1.xml')
const EBINTERFACE_61 = join(FIXTURES, 'ebinterface/ebinterface-6p1.xml')

describe('incoming e-invoices: checked in the extraction job, shown as a page, kept as they came', () => {
  let server: TestServer
  let staff: UserSession
  let companyNo: number

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    companyNo = staff.companies[0]
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
  })

  it('stores the XRechnung check and the readable page; the original downloads byte for byte', async () => {
    const bytes = await readFile(XRECHNUNG_UBL)
    const document = await uploadAndRead(server.url, staff, companyNo, { name: 'xrechnung.xml', bytes })
    const answer = await staff.client.service('document-fields').get(document.id)
    expect(answer.einvoice?.validation).toMatchObject({
      status: EInvoiceValidationStatus.valid,
      profile: 'XRechnung 3.0',
      ruleSets: [EInvoiceRuleSet.en16931, EInvoiceRuleSet.xrechnung],
    })
    expect(answer.einvoice?.validation?.millis).toBeGreaterThan(0)
    expect(answer.einvoice?.view).toMatchObject({
      invoice_number: 'RE-2026-0417',
      // The file writes the seller's VAT id with spaces ("DE 123 456 789"); it is kept as ids from the page are.
      seller: { name: 'Muster Bürobedarf GmbH', vat_id: 'DE123456789', address: 'Lindenstraße 12, 04109 Leipzig' },
      buyer: { name: 'Stadtverwaltung Beispielstadt' },
      totals: { net: '165.00', tax: '26.55', gross: '191.55', due: '191.55' },
      payment: { iban: 'DE02120300000000202051', terms: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.' },
    })
    expect(answer.einvoice?.view?.lines[0]).toEqual({
      description: 'Ordner A4, breit',
      quantity: '10',
      unit: 'C62',
      unit_price: '12.50',
      net: '125.00',
      tax_rate: '19',
    })
    const file = await fetch(`${server.url}/api/documents/${document.id}/file`, { headers: { authorization: `Bearer ${staff.token}` } })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true)
  }, 120_000)

  it('names each broken rule of an invalid XRechnung', async () => {
    const text = (await readFile(XRECHNUNG_UBL, 'utf8')).replace('<cbc:BuyerReference>991-33333TEST-33</cbc:BuyerReference>', '')
    const document = await uploadAndRead(server.url, staff, companyNo, { name: 'ohne-leitweg.xml', bytes: new TextEncoder().encode(text) })
    const answer = await staff.client.service('document-fields').get(document.id)
    expect(answer.einvoice?.validation?.status).toBe(EInvoiceValidationStatus.invalid)
    expect(answer.einvoice?.validation?.violations).toContainEqual(expect.objectContaining({ id: 'BR-DE-15', flag: 'fatal' }))
  }, 120_000)

  it('shows an ebInterface 6.1 invoice as a page with its lines, checked against its schema (no EN 16931 rule set applies)', async () => {
    const document = await uploadAndRead(server.url, staff, companyNo, { name: 'ebinterface.xml', bytes: await readFile(EBINTERFACE_61) })
    const answer = await staff.client.service('document-fields').get(document.id)
    expect(answer.einvoice?.validation).toMatchObject({
      status: EInvoiceValidationStatus.valid,
      profile: 'ebInterface 6.1',
      ruleSets: [],
      schema: { schema: 'ebInterface 6.1', valid: true, errors: [] },
    })
    expect(answer.einvoice?.view).toMatchObject({ syntax: 'ebInterface', totals: { gross: '1242.00', tax: '172.00', net: '1070.00' } })
    expect(answer.einvoice?.view?.lines.length).toBeGreaterThan(0)
  }, 120_000)

  it('refuses an ebInterface before 3.0 at intake, naming its version, and stores nothing', async () => {
    const before = Number((await server.knex('documents').count({ n: '*' }))[0].n)
    const [result] = await uploadResults(await uploadFiles(server.url, staff.token, companyNo, [{ name: 'alt.xml', bytes: await readFile(EBINTERFACE_22) }]))
    expect(result).toMatchObject({ status: 'refused', error: { key: 'documents:refusal.ebInterfaceVersion', params: { version: '2.1' } } })
    expect(Number((await server.knex('documents').count({ n: '*' }))[0].n)).toBe(before)
  })
})
