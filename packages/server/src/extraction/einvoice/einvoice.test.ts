import { readFileSync } from 'node:fs'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { extractDocument } from '../extract'
import { SOURCE_EINVOICE_XML } from '../sources'
import { readEInvoiceXml } from './read'

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)))

describe('structured e-invoices', () => {
  it('reads an Austrian ebInterface 6.1 invoice exactly, deriving net and tax from the tax lines', () => {
    const data = readEInvoiceXml(fixture('ebinterface-6p1.xml'))
    expect(data).toMatchObject({
      syntax: 'ebInterface',
      invoice_number: '2026-0815',
      issue_date: '2026-03-02',
      due_date: '2026-04-01',
      skonto_due_date: '2026-03-16',
      skonto_percent: '2',
      buyer_address: 'Landstraße 3, 4020 Linz',
      currency: 'EUR',
      total_gross: '170.05',
      total_net: '145.50',
      total_tax: '24.55',
      seller_name: 'Alpenblick Bürobedarf GmbH',
      seller_vat_id: 'ATU13585627',
      buyer_vat_id: 'ATU16370905',
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
      service_period_start: '2026-02-01',
      service_period_end: '2026-02-28',
    })
    expect(data?.tax_breakdown).toEqual([
      { rate: '20', basis: '100.00', tax: '20.00', category: 'S' },
      { rate: '10', basis: '45.50', tax: '4.55', category: 'AA' },
    ])
  })

  it('reads a UBL invoice: the VAT scheme id, the invoice-currency tax total, reverse charge', async () => {
    const result = await extractDocument(fixture('xrechnung-ubl.xml'))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.kind).toBe('xml-ubl')
    const value = (field: keyof typeof result.values) => result.values[field]?.value
    expect(value('invoice_number')).toBe('RE-2026/0042')
    expect(value('seller_vat_id')).toBe('DE123456789')
    expect(value('buyer_vat_id')).toBe('ATU13585627')
    expect(value('total_tax')).toBe('0.00')
    expect(value('reverse_charge')).toBe('true')
    expect(value('payment_method')).toBe('bank_transfer')
    expect(value('buyer_address')).toBe('Mariahilfer Straße 12, 1060 Wien')
    expect(value('skonto_percent')).toBe('3')
    expect(value('skonto_due_date')).toBe('2026-01-25')
    expect(result.values.invoice_number).toMatchObject({ source: SOURCE_EINVOICE_XML, confidence: 1, page: null })
  })

  it('reads the XML embedded in a Factur-X PDF, found by content whatever the attachment is called', async () => {
    const pdf = await PDFDocument.create()
    const page = pdf.addPage()
    const font = await pdf.embedFont(StandardFonts.Helvetica)
    page.drawText('Gasthof Zur Post GmbH, Hauptplatz 1, 5020 Salzburg', { x: 50, y: 780, size: 12, font })
    page.drawText('Rechnung AT-2026-007 vom 05.02.2026', { x: 50, y: 760, size: 12, font })
    await pdf.attach(fixture('factur-x-cii.xml'), 'attachment-1.xml', { mimeType: 'text/xml' })
    const result = await extractDocument(await pdf.save())
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.einvoice).toMatchObject({
      syntax: 'CII',
      invoice_number: 'AT-2026-007',
      issue_date: '2026-02-05',
      total_gross: '176.50',
      total_net: '150.00',
      total_tax: '26.50',
      seller_vat_id: 'ATU16370905',
      iban_payer_debit: 'AT483200000012345864',
      delivery_date: '2026-02-04',
      buyer_address: 'Landstraße 3, 4020 Linz',
      // The Skonto as EN 16931 states it: 2.50 % within 10 days of the invoice date.
      skonto_percent: '2.5',
      skonto_due_date: '2026-02-15',
    })
    expect(result.values.payment_method?.value).toBe('sepa_direct_debit')
    expect(result.values.total_gross?.source).toBe(SOURCE_EINVOICE_XML)
  })

  it('refuses a file that looks like an e-invoice but is not well-formed', async () => {
    const broken = new TextEncoder().encode('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</Invoice>')
    expect(await extractDocument(broken)).toEqual({ ok: false, refusal: { key: 'refusal.brokenXml' } })
  })

  it('reads an ebInterface 5.0 invoice with its VAT items', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<eb:Invoice xmlns:eb="http://www.ebinterface.at/schema/5p0/" eb:GeneratingSystem="test" eb:DocumentType="Invoice" eb:InvoiceCurrency="EUR">
  <eb:InvoiceNumber>993</eb:InvoiceNumber><eb:InvoiceDate>2026-05-04</eb:InvoiceDate>
  <eb:Biller><eb:VATIdentificationNumber>ATU37893801</eb:VATIdentificationNumber><eb:Address><eb:Name>Bergbahnen Tirol GmbH</eb:Name></eb:Address></eb:Biller>
  <eb:InvoiceRecipient><eb:VATIdentificationNumber>ATU13585627</eb:VATIdentificationNumber><eb:Address><eb:Name>Alpenblick Bürobedarf GmbH</eb:Name></eb:Address></eb:InvoiceRecipient>
  <eb:Tax><eb:VAT>
    <eb:VATItem><eb:TaxedAmount>200.00</eb:TaxedAmount><eb:VATRate>20</eb:VATRate><eb:Amount>40.00</eb:Amount></eb:VATItem>
    <eb:VATItem><eb:TaxedAmount>100.00</eb:TaxedAmount><eb:VATRate>13</eb:VATRate><eb:Amount>13.00</eb:Amount></eb:VATItem>
  </eb:VAT></eb:Tax>
  <eb:TotalGrossAmount>353.00</eb:TotalGrossAmount><eb:PayableAmount>353.00</eb:PayableAmount>
</eb:Invoice>`
    expect(readEInvoiceXml(new TextEncoder().encode(xml))).toMatchObject({
      syntax: 'ebInterface',
      invoice_number: '993',
      issue_date: '2026-05-04',
      currency: 'EUR',
      seller_vat_id: 'ATU37893801',
      buyer_name: 'Alpenblick Bürobedarf GmbH',
      total_net: '300.00',
      total_tax: '53.00',
      total_gross: '353.00',
      tax_breakdown: [
        { rate: '20', basis: '200.00', tax: '40.00' },
        { rate: '13', basis: '100.00', tax: '13.00' },
      ],
    })
  })

  it('normalises the VAT ids of UBL and CII as those read from the page ("DE 123 456.789" -> "DE123456789")', () => {
    const text = (name: string) => new TextDecoder().decode(fixture(name))
    const ubl = text('xrechnung-ubl.xml').replace('<cbc:CompanyID>DE123456789<', '<cbc:CompanyID>DE 123 456.789<')
    expect(readEInvoiceXml(new TextEncoder().encode(ubl))).toMatchObject({ seller_vat_id: 'DE123456789', buyer_vat_id: 'ATU13585627' })
    const cii = text('factur-x-cii.xml').replace('schemeID="VA">ATU16370905<', 'schemeID="VA">atu 1637-0905<')
    expect(readEInvoiceXml(new TextEncoder().encode(cii))).toMatchObject({ seller_vat_id: 'ATU16370905' })
  })
})
