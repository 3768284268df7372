import { describe, expect, it } from 'vitest'
import { drawInvoice, readInvoice } from './test-invoices'

describe('labels as OCR reads them from a scan', () => {
  it('reads an IBAN wrapped in a narrow footer column, and not a column that only looks like its end', async () => {
    const footer = (continuation: string) => [
      [50, 50, 'Tischlerei Gruber GmbH', 14],
      [50, 120, 'Rechnung Nr. 2026-0413'],
      [50, 690, 'Bank'],
      [200, 690, 'IBAN'],
      [360, 690, 'BIC'],
      [50, 704, 'Raiffeisen Steiermark'],
      [200, 704, 'AT61 1904 3002'],
      [360, 704, 'RZSTAT2G'],
      [200, 716, continuation],
    ] as Parameters<typeof drawInvoice>[0]
    expect((await readInvoice(footer('3457 3201'))).value('iban')).toBe('AT611904300234573201')
    // The same place with digits that fail the checksum: no IBAN is made up.
    expect((await readInvoice(footer('3457 3210'))).value('iban')).toBeNull()
  })

  it('reads a 0 % row whose line runs into the totals column (basis, tax, then the tax total)', async () => {
    const doc = await readInvoice([
      [50, 50, 'Tischlerei Gruber GmbH', 14],
      [50, 120, 'Rechnung Nr. 2026-0412'],
      [50, 134, 'Datum: 12.03.2026'],
      [50, 300, 'Eichentisch massiv   1 Stk   530,75'],
      [50, 400, 'USt 0 % steuerfreie Ausfuhr   530,75   0,00   Summe USt   0,00'],
      [50, 414, 'Gesamtbetrag   530,75'],
    ])
    expect(doc.value('tax_breakdown')).toEqual([{ rate: '0', basis: '530.75', tax: '0.00' }])
  })

  it('reads an invoice date whose period was read as a colon, not the delivery date below it', async () => {
    const doc = await readInvoice([
      [50, 50, 'Berger Bau GmbH & Co KG', 14],
      [300, 120, 'Rechnungs-Nr.:   AR-06011'],
      [300, 134, 'Rechnungsdatum:   4.7:2026'],
      [50, 200, 'Leistungsdatum: 03.07.2026'],
    ])
    expect(doc.value('issue_date')).toBe('2026-07-04')
  })

  it('reads a total whose cents were set apart ("195.460, 90"), not an item amount', async () => {
    const doc = await readInvoice([
      [50, 50, 'Huber & Söhne KG', 14],
      [50, 120, 'Rechnungsnummer: RE-2026-3509'],
      [50, 134, 'Rechnungsdatum: 27.02.2026'],
      [50, 200, '6 Softwarelizenz Jahresabo   5   6.656,08   20 %'],
      [470, 200, '33.280,40'],
      [300, 240, 'Summe netto'],
      [450, 240, '€ 162.884,08'],
      [300, 254, 'MwSt. 20 %'],
      [450, 254, '32.576,82'],
      [300, 268, 'Rechnungsbetrag'],
      [450, 268, 'EUR 195.460, 90'],
    ])
    expect(doc.value('total_gross')).toBe('195460.90')
    expect(doc.value('total_net')).toBe('162884.08')
    expect(doc.value('total_tax')).toBe('32576.82')
  })

  it('reads a label whose umlaut lost its dots ("Falligkeit") with the date under it', async () => {
    const doc = await readInvoice([
      [50, 50, 'Global Supplies GmbH', 14],
      [50, 120, 'Rechnungsnummer: 47110818'],
      [50, 134, 'Rechnungsdatum: 31.10.2018'],
      [50, 300, 'Zahlungsbedingungen:'],
      [50, 320, 'Beschreibung'],
      [250, 320, 'Falligkeit'],
      [380, 320, 'Teilzahlung'],
      [250, 334, '30.11.2018'],
    ])
    expect(doc.value('due_date')).toBe('2018-11-30')
  })

  it('reads the invoice number after "Nr," (the period read as a comma), not the customer number beside it', async () => {
    const doc = await readInvoice([
      [50, 50, 'Gasthof zur Post Mayr GmbH', 14],
      [50, 120, 'Rechnung Nr, R262751'],
      [50, 134, 'Kd.-Nr.: KD97426'],
      [50, 148, 'Salzburg, 23. Mai 2026'],
    ])
    expect(doc.value('invoice_number')).toBe('R262751')
    expect(doc.value('issue_date')).toBe('2026-05-23')
  })
})
