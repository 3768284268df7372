import { describe, expect, it } from 'vitest'
import { readInvoice, type DrawnLine } from './test-invoices'

// Issue 32 item 7: invoices with no "Rechnungsdatum" label whose date stands in a place-and-date line, while a labelled
// service or delivery date stands elsewhere. The letter's date is the invoice's; the service date is not.
describe('the invoice date of a place-and-date line', () => {
  const invoice = (...lines: DrawnLine[]) =>
    readInvoice([
      [50, 50, 'Tischlerei Wagner e.U.', 14],
      [50, 66, 'Herrengasse 4 · 6020 Innsbruck · UID ATU13585627'],
      [50, 130, 'Frey Maschinenbau AG'],
      [50, 143, 'Hauptstraße 5/3'],
      [50, 156, 'A-1060 Wien'],
      [50, 230, 'Rechnung Nr. 2025-0815', 14],
      [50, 400, 'Gesamtbetrag EUR 1.200,00'],
      ...lines,
    ])

  it('reads "Innsbruck, am 25.06.25" (two-digit year) and not the labelled Leistungsdatum', async () => {
    const doc = await invoice([350, 130, 'Leistungsdatum: 12.06.2025'], [380, 200, 'Innsbruck, am 25.06.25'])
    expect(doc.value('issue_date')).toBe('2025-06-25')
    expect(doc.value('delivery_date')).toBe('2025-06-12')
  })

  it('reads "Eisenstadt, 22. Juli 2026" beside a Lieferdatum in the header grid', async () => {
    const doc = await invoice([380, 200, 'Eisenstadt, 22. Juli 2026'], [350, 130, 'Lieferdatum:'], [450, 130, '15.07.2026'], [350, 143, 'Kunden-Nr.:'], [450, 143, 'K-40211'])
    expect(doc.value('issue_date')).toBe('2026-07-22')
    expect(doc.value('delivery_date')).toBe('2026-07-15')
  })

  it('reads "Baden, am 1. Jänner 2026" when a service period is printed above it', async () => {
    const doc = await invoice([350, 130, 'Leistungszeitraum: 01.11.2025 - 30.11.2025'], [380, 200, 'Baden, am 1. Jänner 2026'])
    expect(doc.value('issue_date')).toBe('2026-01-01')
    expect(doc.value('service_period_start')).toBe('2025-11-01')
  })

  it('reads a place-and-date line with "den" and a town of two words', async () => {
    const doc = await invoice([350, 130, 'Liefertag: 28.02.2026'], [380, 200, 'St. Pölten, den 3.3.26'])
    expect(doc.value('issue_date')).toBe('2026-03-03')
  })

  it('takes no service date for the invoice date when no place-and-date line or label names one', async () => {
    const doc = await invoice([50, 260, 'Leistungsdatum: 12.06.2025'], [50, 273, 'Bestelldatum: 02.06.2025'])
    expect(doc.value('issue_date')).not.toBe('2025-06-12')
    expect(doc.value('issue_date')).not.toBe('2025-06-02')
  })

  it('does not read a place-and-date line in the payment terms or a sentence as the invoice date', async () => {
    const doc = await invoice([380, 200, 'Wien, am 4. März 2026'], [50, 420, 'Zahlbar bis zum 18.03.2026, danach Verzugszinsen.'])
    expect(doc.value('issue_date')).toBe('2026-03-04')
    expect(doc.value('due_date')).toBe('2026-03-18')
  })
})

describe('a place-and-date line split into cells', () => {
  it('reads "München, den" and its date in the next cell', async () => {
    const doc = await readInvoice([
      [50, 50, 'Muster Finanz GmbH', 14],
      [50, 130, 'z. Hd. Herr Mustermann'],
      [400, 130, 'München, den'],
      [500, 130, '01.11.2024'],
      [50, 200, 'Finanzrate vom 01.11.2024 bis 30.11.2024'],
      [50, 214, 'Datum:   30.10.2024   Zeit: 04:59:13'],
    ])
    expect(doc.value('issue_date')).toBe('2024-11-01')
  })
})
