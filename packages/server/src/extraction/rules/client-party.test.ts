import { describe, expect, it } from 'vitest'
import { extractDocument } from '../extract'
import type { ClientParty } from '../types'
import { drawInvoice, type DrawnLine } from './test-invoices'

// Issue 32 item 1: the client company the document was uploaded for is the buyer of an incoming invoice and the seller
// of an outgoing one; its name, UID and IBAN are never proposed as the other party.
const CLIENT: ClientParty = { name: 'Steuerberatung Huber KG', vatId: 'ATU16370905', iban: 'AT48 3200 0000 1234 5864', role: null, usualRole: 'buyer' }

async function read(lines: DrawnLine[], client: ClientParty | undefined = CLIENT) {
  const result = await extractDocument(await drawInvoice(lines), client ? { client } : {})
  if (!result.ok) throw new Error(result.refusal.key)
  return (field: string) => result.values[field as 'seller_name']?.value ?? null
}

// A small supplier without a legal form in its letterhead, the client's name and UID large in the address window.
const INCOMING: DrawnLine[] = [
  [50, 50, 'Tischlerei Wagner', 14],
  [50, 66, 'Herrengasse 4 · 6020 Innsbruck · UID ATU13585627'],
  [50, 120, 'Steuerberatung Huber KG', 14],
  [50, 136, 'Landstraße 3'],
  [50, 149, '4020 Linz'],
  [50, 162, 'UID: ATU16370905'],
  [350, 130, 'Rechnungsnummer: 2026-0815'],
  [350, 143, 'Rechnungsdatum: 02.03.2026'],
  [50, 300, 'Gesamtbetrag EUR 1.200,00'],
  [50, 700, 'Bankverbindung: IBAN AT61 1904 3002 3457 3201'],
]

describe('the client company on its own documents', () => {
  it('is the buyer of an incoming invoice, never the seller, with its UID', async () => {
    const value = await read(INCOMING)
    expect(value('seller_name')).not.toBe('Steuerberatung Huber KG')
    expect(value('seller_vat_id')).toBe('ATU13585627')
    expect(value('buyer_name')).toBe('Steuerberatung Huber KG')
    expect(value('buyer_vat_id')).toBe('ATU16370905')
  })

  it('takes the client for the buyer where a supermarket receipt names it, with the shop as the seller', async () => {
    const value = await read([
      [50, 50, 'BILLA AG', 14],
      [50, 66, 'Filiale 1234, IZ NÖ-Süd Straße 3, 2355 Wiener Neudorf'],
      [50, 80, 'UID ATU14937103'],
      [50, 120, 'Rechnung an: Steuerberatung Huber KG, UID ATU16370905'],
      [50, 140, 'Rechnung Nr. 1234/0042 vom 05.03.2026'],
      [50, 200, 'Summe EUR 24,90'],
      [50, 214, 'Bar bezahlt'],
    ])
    expect(value('seller_name')).toBe('BILLA AG')
    expect(value('seller_vat_id')).toBe('ATU14937103')
    expect(value('buyer_vat_id')).toBe('ATU16370905')
  })

  it('is the seller of an outgoing invoice, and the customer in the window is the buyer', async () => {
    const value = await read(
      [
        [50, 50, 'Steuerberatung Huber KG', 14],
        [50, 66, 'Landstraße 3 · 4020 Linz · UID ATU16370905'],
        [50, 120, 'Frey Maschinenbau AG'],
        [50, 133, 'Hauptstraße 5/3'],
        [50, 146, 'A-1060 Wien'],
        [50, 159, 'UID: ATU13585627'],
        [350, 130, 'Rechnungsnummer: AR-2026-17'],
        [350, 143, 'Rechnungsdatum: 02.03.2026'],
        [50, 300, 'Gesamtbetrag EUR 14.400,00'],
        [50, 700, 'IBAN AT48 3200 0000 1234 5864'],
      ],
      { ...CLIENT, role: 'seller' },
    )
    expect(value('seller_name')).toBe('Steuerberatung Huber KG')
    expect(value('seller_vat_id')).toBe('ATU16370905')
    expect(value('buyer_name')).toBe('Frey Maschinenbau AG')
    expect(value('buyer_vat_id')).toBe('ATU13585627')
    expect(value('iban')).toBe('AT483200000012345864')
  })

  it('never gives the client’s own IBAN as the account an incoming invoice is paid to', async () => {
    const value = await read([...INCOMING.slice(0, -1), [50, 700, 'IBAN AT48 3200 0000 1234 5864']])
    expect(value('iban')).toBeNull()
  })

  it('recognises an outgoing invoice uploaded without a kind by the client’s IBAN to pay to', async () => {
    const value = await read([
      [50, 50, 'Steuerberatung Huber KG', 14],
      [50, 66, 'Landstraße 3 · 4020 Linz · UID ATU16370905'],
      [50, 120, 'Frey Maschinenbau AG'],
      [50, 133, 'Hauptstraße 5/3'],
      [50, 146, 'A-1060 Wien'],
      [350, 130, 'Rechnungsnummer: AR-2026-18'],
      [50, 300, 'Gesamtbetrag EUR 1.400,00'],
      [50, 700, 'Bitte überweisen Sie auf IBAN AT48 3200 0000 1234 5864'],
    ])
    expect(value('seller_vat_id')).toBe('ATU16370905')
    expect(value('buyer_name')).toBe('Frey Maschinenbau AG')
  })
})

describe('isClientName', () => {
  it('knows the client without its legal form or in a longer line, but not another company sharing one word', async () => {
    const { isClientName } = await import('./client-party')
    const client = { ...CLIENT, name: 'Steiner KG' }
    expect(isClientName('STEINER K.G.', client)).toBe(true)
    expect(isClientName('Steiner Immobilien GmbH', client)).toBe(false)
    expect(isClientName('Rechnung an: Steuerberatung Huber KG', CLIENT)).toBe(true)
  })
})
