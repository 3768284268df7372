import { describe, expect, it } from 'vitest'
import { SOURCE_PDF_PARSE } from '../sources'
import { AUSTRIAN_ENGLISH, AUSTRIAN_GERMAN, AUSTRIAN_HEADER_ROWS, AUSTRIAN_SMALL_BUSINESS, AUSTRIAN_TERSE, drawInvoice, readInvoice } from './test-invoices'

describe('fields from the visible page of Austrian invoices', () => {
  it('reads a German layout: number, dates, totals, 20/13/10 % breakdown, UID-Nr., FN, IBAN, BIC', async () => {
    const doc = await readInvoice(AUSTRIAN_GERMAN)
    expect(doc.value('invoice_number')).toBe('2026-0815')
    expect(doc.value('issue_date')).toBe('2026-03-02')
    expect(doc.value('due_date')).toBe('2026-04-01')
    expect(doc.value('skonto_due_date')).toBe('2026-03-16')
    expect(doc.value('skonto_percent')).toBe('2')
    expect(doc.value('buyer_name')).toBe('Steuerberatung Huber KG')
    expect(doc.value('buyer_address')).toBe('Landstraße 3, 4020 Linz')
    expect(doc.value('currency')).toBe('EUR')
    expect(doc.value('total_net')).toBe('1195.50')
    expect(doc.value('total_tax')).toBe('224.05')
    expect(doc.value('total_gross')).toBe('1419.55')
    expect(doc.value('tax_breakdown')).toEqual([
      { rate: '20', basis: '1000.00', tax: '200.00' },
      { rate: '13', basis: '150.00', tax: '19.50' },
      { rate: '10', basis: '45.50', tax: '4.55' },
    ])
    expect(doc.value('seller_vat_id')).toBe('ATU13585627')
    expect(doc.value('buyer_vat_id')).toBe('ATU16370905')
    expect(doc.value('company_register_number')).toBe('123456a')
    expect(doc.value('iban')).toBe('AT611904300234573201')
    expect(doc.value('bic')).toBe('GIBAATWWXXX')
    expect(doc.value('payment_method')).toBe('sepa_direct_debit')
    expect(doc.value('service_period_start')).toBe('2026-02-01')
    expect(doc.value('service_period_end')).toBe('2026-02-28')
  })

  it('says where each value stands: page, a box around the printed text, the label it followed', async () => {
    const doc = await readInvoice(AUSTRIAN_GERMAN)
    const number = doc.candidate('invoice_number')
    expect(number).toMatchObject({ source: SOURCE_PDF_PARSE, page: 1, label: 'Rechnungsnummer' })
    // Drawn at x 460, 130 pt from the top in 10 pt Helvetica.
    expect(number?.box?.x).toBeCloseTo(460, 0)
    expect(number?.box?.y).toBeGreaterThan(118)
    expect(number?.box?.y).toBeLessThan(131)
    expect(number?.confidence).toBeGreaterThan(0.5)
  })

  it('reads an English layout with 1,234.56 amounts, month names and a reverse-charge note', async () => {
    const doc = await readInvoice(AUSTRIAN_ENGLISH)
    expect(doc.value('invoice_number')).toBe('INV-2026-042')
    expect(doc.value('issue_date')).toBe('2026-03-05')
    expect(doc.value('due_date')).toBe('2026-04-04')
    expect(doc.value('total_gross')).toBe('12400.00')
    expect(doc.value('total_net')).toBe('12400.00')
    expect(doc.value('total_tax')).toBe('0.00')
    expect(doc.value('seller_vat_id')).toBe('ATU57477929')
    expect(doc.value('buyer_vat_id')).toBe('DE136695976')
    expect(doc.value('iban')).toBe('AT483200000012345864')
    expect(doc.value('reverse_charge')).toBe('true')
  })

  it('recognises a small business invoice paid in cash, with an Austrian month name', async () => {
    const doc = await readInvoice(AUSTRIAN_SMALL_BUSINESS)
    expect(doc.value('invoice_number')).toBe('17')
    expect(doc.value('issue_date')).toBe('2026-01-12')
    expect(doc.value('total_gross')).toBe('480.00')
    expect(doc.value('small_business')).toBe('true')
    expect(doc.value('payment_method')).toBe('paid_cash')
    expect(doc.value('seller_vat_id')).toBeNull()
  })

  it('reads a terse layout: Re.-Nr., two-digit year, € before amounts, written-out rate, Skonto in days', async () => {
    const doc = await readInvoice(AUSTRIAN_TERSE)
    expect(doc.value('invoice_number')).toBe('4711/26')
    expect(doc.value('issue_date')).toBe('2026-01-15')
    expect(doc.value('total_net')).toBe('1028.80')
    expect(doc.value('total_tax')).toBe('205.76')
    expect(doc.value('total_gross')).toBe('1234.56')
    expect(doc.value('tax_breakdown')).toEqual([{ rate: '20', basis: '1028.80', tax: '205.76' }])
    expect(doc.value('skonto_due_date')).toBe('2026-01-23')
    expect(doc.value('skonto_percent')).toBe('2')
    expect(doc.value('seller_vat_id')).toBe('ATU12345675')
    expect(doc.value('company_register_number')).toBe('98765x')
    expect(doc.value('seller_name')).toBe('Tischlerei Huber e.U.')
  })

  it('finds the gross total without a label when it is exactly net plus tax, and never trusts floats', async () => {
    const doc = await readInvoice([
      [50, 50, 'Kaffeerösterei Wien GmbH   UID ATU13585627', 12],
      [50, 90, 'Rechnung Nr. 0.1-0.2'],
      [300, 200, 'Netto'],
      [460, 200, '0,10'],
      [300, 216, 'USt 20 %'],
      [460, 216, '0,02'],
      [460, 232, '0,12'],
    ])
    expect(doc.value('total_net')).toBe('0.10')
    expect(doc.value('total_tax')).toBe('0.02')
    expect(doc.value('total_gross')).toBe('0.12')
  })

  it('reads values standing under their header cells, and the rate from a header', async () => {
    const doc = await readInvoice(AUSTRIAN_HEADER_ROWS)
    expect(doc.value('invoice_number')).toBe('R-2026-00077')
    expect(doc.value('issue_date')).toBe('2026-02-07')
    expect(doc.value('due_date')).toBe('2026-02-21')
    expect(doc.value('total_net')).toBe('8500.00')
    expect(doc.value('total_tax')).toBe('1700.00')
    expect(doc.value('total_gross')).toBe('10200.00')
    expect(doc.value('tax_breakdown')).toEqual([{ rate: '20', basis: '8500.00', tax: '1700.00' }])
    expect(doc.value('company_register_number')).toBe('445566p')
    expect(doc.value('iban')).toBe('AT611904300234573201')
    expect(doc.value('bic')).toBe('BKAUATWW')
    expect(doc.value('payment_method')).toBe('bank_transfer')
  })
})


describe('a UID whose check digit fails', () => {
  const invoice = (...uidLines: Parameters<typeof drawInvoice>[0]) =>
    [
      [50, 50, 'Tischlerei Gruber GmbH', 14],
      [50, 66, 'Murgasse 4, 8010 Graz'],
      ...uidLines,
      [50, 140, 'Rechnung Nr. 2026-0414'],
      [50, 154, 'Datum: 12.03.2026'],
    ] as Parameters<typeof drawInvoice>[0]

  it('is read as printed after its label, trusted less, and the review names the failed check', async () => {
    const doc = await readInvoice(invoice([50, 80, 'UID-Nr.: ATU12345678']))
    expect(doc.value('seller_vat_id')).toBe('ATU12345678')
    expect(doc.candidate('seller_vat_id')?.confidence).toBeLessThan(0.5)
    // Printed in a column under its label, as footers do.
    const footer = await readInvoice(invoice([50, 80, 'VAT Registration No.     Phone'], [50, 92, 'DE777777777      0316 123456']))
    expect(footer.value('seller_vat_id')).toBe('DE777777777')
  })

  it('is not read without a label, nor where a valid UID is printed', async () => {
    expect((await readInvoice(invoice([50, 80, 'Lagerplatz ATU12345678']))).value('seller_vat_id')).toBeNull()
    // Too long for its country: not cut to a shape that was never printed.
    expect((await readInvoice(invoice([50, 80, 'UID-Nr.: DE19787878784']))).value('seller_vat_id')).toBeNull()
    const doc = await readInvoice(invoice([50, 80, 'UID-Nr.: ATU12345678'], [50, 92, 'USt-IdNr. ATU13585627']))
    expect(doc.value('seller_vat_id')).toBe('ATU13585627')
    expect(doc.candidate('seller_vat_id')?.confidence).toBeGreaterThan(0.5)
  })
})
