import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drawInvoice, type DrawnLine } from '../../packages/server/src/extraction/rules/test-invoices'
import { uploadAndRead } from '../support/documents'
import { signInSession, type UserSession } from '../support/session'
import { startTestServer, type TestServer } from '../support/server'
import { DEMO } from './services.support'

// Issue 32 item 1: the client company a document was uploaded for is the buyer of an incoming invoice and the seller of
// an outgoing one. The portal knows its name, UID and IBAN; the other party is never the client itself.

let server: TestServer
let staff: UserSession
const CLIENT = { company_name: 'Bäckerei Steiner KG', vat_id: 'ATU16370905', iban: 'AT483200000012345864' }

beforeAll(async () => {
  server = await startTestServer()
  staff = await signInSession(server.url, DEMO.staff)
  await server.knex('companies').where({ company_no: 1002 }).update(CLIENT)
})

afterAll(async () => {
  staff?.client.close?.()
  await server?.close()
})

async function fields(id: number): Promise<Record<string, string | null>> {
  const answer = await staff.client.service('document-fields').get(id)
  return Object.fromEntries(answer.fields.map((field: { field: string; current: { value: string } | null }) => [field.field, field.current?.value ?? null]))
}

// A small supplier whose letterhead has no legal form; the client's name and UID stand large in the address window.
const SUPPLIER: DrawnLine[] = [
  [50, 50, 'Mühle Gruber', 14],
  [50, 66, 'Mühlweg 4 · 8020 Graz · UID ATU13585627'],
  [50, 120, 'Bäckerei Steiner KG', 16],
  [50, 138, 'Annenstraße 12'],
  [50, 151, '8020 Graz'],
  [50, 164, 'UID: ATU16370905'],
  [350, 130, 'Rechnungsnummer: MG-2026-311'],
  [350, 143, 'Rechnungsdatum: 02.03.2026'],
  [50, 260, 'Roggenmehl Type 960, 500 kg'],
  [50, 300, 'Summe netto EUR 400,00'],
  [50, 314, 'USt 10 % EUR 40,00'],
  [50, 328, 'Gesamtbetrag EUR 440,00'],
  [50, 700, 'Bankverbindung: IBAN AT61 1904 3002 3457 3201'],
]

describe('the client company on a document uploaded for it', () => {
  it('is the buyer of an incoming invoice with its name and UID, and never the seller', async () => {
    const document = await uploadAndRead(server.url, staff, 1002, 'muehle-gruber.pdf', await drawInvoice(SUPPLIER))
    const values = await fields(document.id)
    expect(document.document_type).toBe('ER')
    expect(values.seller_name).not.toBe('Bäckerei Steiner KG')
    expect(values.seller_vat_id).toBe('ATU13585627')
    expect(values.buyer_name).toBe('Bäckerei Steiner KG')
    expect(values.buyer_vat_id).toBe('ATU16370905')
    expect(values.iban).toBe('AT611904300234573201')
  })

  it('is the seller of its own invoice uploaded without a kind, paid to its IBAN: an outgoing invoice', async () => {
    const own: DrawnLine[] = [
      [50, 50, 'Bäckerei Steiner KG', 16],
      [50, 68, 'Annenstraße 12 · 8020 Graz · UID ATU16370905'],
      [50, 120, 'Hotel Seeblick Moser GmbH'],
      [50, 133, 'Seestraße 1'],
      [50, 146, '9220 Velden'],
      [350, 130, 'Rechnungsnummer: AR-2026-0042'],
      [350, 143, 'Rechnungsdatum: 04.03.2026'],
      [50, 300, 'Gesamtbetrag EUR 240,00'],
      [50, 700, 'Bitte überweisen Sie auf IBAN AT48 3200 0000 1234 5864'],
    ]
    const document = await uploadAndRead(server.url, staff, 1002, 'ausgangsrechnung.pdf', await drawInvoice(own), null)
    const values = await fields(document.id)
    expect(document.document_type).toBe('AR')
    expect(values.seller_vat_id).toBe('ATU16370905')
    expect(values.buyer_name).toBe('Hotel Seeblick Moser GmbH')
    expect(values.buyer_vat_id).toBeNull()
  })
})
