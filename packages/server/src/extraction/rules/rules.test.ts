import { describe, expect, it } from 'vitest'
import { extractDocument } from '../extract'
import { SOURCE_PDF_PARSE } from '../sources'
import type { FieldName } from '../types'
import { AUSTRIAN_ENGLISH, AUSTRIAN_GERMAN, AUSTRIAN_HEADER_ROWS, AUSTRIAN_SMALL_BUSINESS, AUSTRIAN_TERSE, drawInvoice } from './test-invoices'

async function read(lines: Parameters<typeof drawInvoice>[0]) {
  const result = await extractDocument(await drawInvoice(lines))
  if (!result.ok) throw new Error(`refused: ${result.refusal.key}`)
  return {
    value: (field: FieldName) => result.values[field]?.value ?? null,
    candidate: (field: FieldName) => result.values[field],
  }
}

describe('fields from the visible page of Austrian invoices', () => {
  it('reads a German layout: number, dates, totals, 20/13/10 % breakdown, UID-Nr., FN, IBAN, BIC', async () => {
    const doc = await read(AUSTRIAN_GERMAN)
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
    const doc = await read(AUSTRIAN_GERMAN)
    const number = doc.candidate('invoice_number')
    expect(number).toMatchObject({ source: SOURCE_PDF_PARSE, page: 1, label: 'Rechnungsnummer' })
    // Drawn at x 460, 130 pt from the top in 10 pt Helvetica.
    expect(number?.box?.x).toBeCloseTo(460, 0)
    expect(number?.box?.y).toBeGreaterThan(118)
    expect(number?.box?.y).toBeLessThan(131)
    expect(number?.confidence).toBeGreaterThan(0.5)
  })

  it('reads an English layout with 1,234.56 amounts, month names and a reverse-charge note', async () => {
    const doc = await read(AUSTRIAN_ENGLISH)
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
    const doc = await read(AUSTRIAN_SMALL_BUSINESS)
    expect(doc.value('invoice_number')).toBe('17')
    expect(doc.value('issue_date')).toBe('2026-01-12')
    expect(doc.value('total_gross')).toBe('480.00')
    expect(doc.value('small_business')).toBe('true')
    expect(doc.value('payment_method')).toBe('paid_cash')
    expect(doc.value('seller_vat_id')).toBeNull()
  })

  it('reads a terse layout: Re.-Nr., two-digit year, € before amounts, written-out rate, Skonto in days', async () => {
    const doc = await read(AUSTRIAN_TERSE)
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
    const doc = await read([
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
    const doc = await read(AUSTRIAN_HEADER_ROWS)
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

describe('the terms of payment and the buyer', () => {
  const invoice = (...lines: Parameters<typeof drawInvoice>[0]) =>
    read([
      [50, 50, 'Donau Elektrotechnik GmbH', 14],
      [50, 66, 'Industriestraße 7 · 4020 Linz · UID ATU13585627'],
      [50, 130, 'Frey Maschinenbau AG'],
      [50, 143, 'z. H. Frau Mag. Berger'],
      [50, 156, 'Hauptstraße 5/3'],
      [50, 169, 'A-1060 Wien'],
      [350, 130, 'Rechnung Nr. 2026-0815'],
      [350, 143, 'Rechnungsdatum: 22.10.2026'],
      [50, 300, 'Gesamtbetrag EUR 1.200,00'],
      ...lines,
    ])

  it('reads the Skonto rate with a decimal comma, its days and the net days of the same sentence', async () => {
    const doc = await invoice([50, 330, 'Zahlbar innerhalb von 10 Tagen mit 2,5 % Skonto oder 45 Tage netto.'])
    expect(doc.value('skonto_percent')).toBe('2.5')
    expect(doc.value('skonto_due_date')).toBe('2026-11-01')
    expect(doc.value('due_date')).toBe('2026-12-06')
  })

  it('takes the net date after a Skonto clause as the due date, and the Skonto its own date', async () => {
    const doc = await invoice([50, 330, 'Bei Zahlung bis 5. November 2026 gewähren wir 3 % Skonto, zahlbar bis 21. November 2026 netto.'])
    expect(doc.value('skonto_percent')).toBe('3')
    expect(doc.value('skonto_due_date')).toBe('2026-11-05')
    expect(doc.value('due_date')).toBe('2026-11-21')
  })

  it('takes no period end for the due date: "vom … bis zum …" is a period, "Fälligkeit" names the day', async () => {
    const doc = await invoice(
      [50, 320, 'Der Beitrag für den Zeitraum vom 06.12.2026 bis zum 06.12.2027 ist'],
      [50, 333, 'am 06.12.2026 fällig. Fälligkeit 06.12.2026'],
    )
    expect(doc.value('due_date')).toBe('2026-12-06')
    const written = await invoice([50, 320, 'Leistungen vom 1. Oktober 2026 bis 31. Oktober 2026, zahlbar bis 15.11.2026'])
    expect(written.value('due_date')).toBe('2026-11-15')
  })

  it('takes the rate nearest the word Skonto, not a VAT rate, and no item discount for a Skonto', async () => {
    const skonto = await invoice([50, 330, 'Preise inkl. 20 % USt. 8 Tage 2% Skonto, 30 Tage netto'])
    expect(skonto.value('skonto_percent')).toBe('2')
    expect(skonto.value('due_date')).toBe('2026-11-21')
    const english = await invoice([50, 330, '1.5% discount if paid within 10 days'])
    expect(english.value('skonto_percent')).toBe('1.5')
    const rebate = await invoice([50, 250, 'Discount 10 %   -120,00'], [50, 330, 'Zahlbar prompt.'])
    expect(rebate.value('skonto_percent')).toBeNull()
  })

  it('reads an address block a scan split at wide word gaps, below the sender\'s return line, with its ß', async () => {
    const doc = await read([
      [50, 50, 'Steirische Kaffeerösterei Pichler OG', 14],
      [50, 66, 'Kärntner Ring 57 · 8010 Graz · UID ATU13585627'],
      [50, 115, 'Steirische', 6],
      [120, 115, 'Pichler OG, Kärntner Ring 57, 8010 Graz', 6],
      [50, 130, 'Kanzlei Dr.'],
      [120, 130, 'Hofer Rechtsanwälte GmbH'],
      [50, 143, 'LandstraBe 75/2'],
      [50, 156, '3100'],
      [86, 156, 'St.'],
      [114, 156, 'Pölten'],
      [350, 130, 'Rechnung Nr. 2026-0815'],
      [350, 143, 'Datum: 22.10.2026'],
      [50, 300, 'Gesamtbetrag EUR 1.200,00'],
    ])
    expect(doc.value('buyer_name')).toBe('Kanzlei Dr. Hofer Rechtsanwälte GmbH')
    expect(doc.value('buyer_address')).toBe('Landstraße 75/2, 3100 St. Pölten')
  })

  it("takes the UID under the buyer's town for the buyer's when the seller's own is unreadable, never for the seller's", async () => {
    const doc = await read([
      [50, 50, 'Huber & Söhne KG', 14],
      [50, 66, 'Kärntner Ring 116 · 4020 Linz'],
      [50, 80, 'UID: ATUB8629969 · FN 289204k'],
      [50, 130, 'Frey Maschinenbau AG'],
      [50, 143, 'Landstraße 31/3'],
      [50, 156, '3100'],
      [86, 156, 'St.'],
      [114, 156, 'Pölten'],
      [50, 169, 'UID-Nr.: ATU70984606'],
      [350, 130, 'Rechnung Nr. 2026-219'],
      [350, 143, 'Datum: 13.05.2026'],
      [50, 300, 'Gesamtbetrag EUR 12.000,00'],
    ])
    expect(doc.value('buyer_vat_id')).toBe('ATU70984606')
    expect(doc.value('seller_vat_id')).toBeNull()
  })

  it('reads the buyer after a section heading past a labelled number, and its address with a country prefix', async () => {
    const doc = await read([
      [50, 50, 'Lieferant GmbH', 14],
      [50, 66, 'UID-Nr.: ATU13585627'],
      [50, 120, 'Käufer:'],
      [50, 133, 'Nummer'],
      [150, 133, ': GE2020211'],
      [50, 146, 'Kunden AG Mitte'],
      [50, 159, 'Kundenstraße 15'],
      [50, 172, 'DE 69876 Frankfurt'],
      [350, 120, 'Rechnung Nr. 2026-0815'],
      [350, 133, 'Datum: 22.10.2026'],
      [50, 300, 'Gesamtbetrag EUR 1.200,00'],
    ])
    expect(doc.value('buyer_name')).toBe('Kunden AG Mitte')
    expect(doc.value('buyer_address')).toBe('Kundenstraße 15, DE 69876 Frankfurt')
  })

  it('reads the window address beside a contact column, not its e-mail or web address', async () => {
    const doc = await read([
      [450, 60, 'Bei Spiel GmbH'],
      [100, 100, 'Bei Spiel GmbH • Ecke 12 • 12345 Stadthausen', 7],
      [450, 100, '12345 Stadthausen'],
      [70, 115, 'Theodor Est'],
      [450, 115, 'fon (555) 23 78 -0'],
      [450, 135, 'fax (555) 23 78 -51'],
      [70, 142, 'Bahnstr. 42'],
      [450, 157, 'info@localhost.local'],
      [450, 171, 'http://localhost/'],
      [70, 180, '88802 Spielkreis'],
      [55, 240, 'Rechnung # RE-20151008/504 von 08.10.2015'],
      [55, 300, 'Gesamtbetrag: 571,04 €'],
      [55, 800, 'Bei Spiel GmbH · IBAN DE88 2008 0000 0970 3757 00'],
    ])
    expect(doc.value('buyer_name')).toBe('Theodor Est')
    expect(doc.value('buyer_address')).toBe('Bahnstr. 42, 88802 Spielkreis')
  })

  it("reads the buyer's address under its name, without the attention line", async () => {
    const doc = await invoice([50, 330, 'Zahlbar prompt.'])
    expect(doc.value('buyer_name')).toBe('Frey Maschinenbau AG')
    expect(doc.value('buyer_address')).toBe('Hauptstraße 5/3, A-1060 Wien')
    expect(doc.candidate('buyer_address')).toMatchObject({ page: 1 })
    // The box spans the street and the town line.
    expect(doc.candidate('buyer_address')?.box?.height).toBeGreaterThan(18)
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
    const doc = await read(invoice([50, 80, 'UID-Nr.: ATU12345678']))
    expect(doc.value('seller_vat_id')).toBe('ATU12345678')
    expect(doc.candidate('seller_vat_id')?.confidence).toBeLessThan(0.5)
    // Printed in a column under its label, as footers do.
    const footer = await read(invoice([50, 80, 'VAT Registration No.     Phone'], [50, 92, 'DE777777777      0316 123456']))
    expect(footer.value('seller_vat_id')).toBe('DE777777777')
  })

  it('is not read without a label, nor where a valid UID is printed', async () => {
    expect((await read(invoice([50, 80, 'Lagerplatz ATU12345678']))).value('seller_vat_id')).toBeNull()
    // Too long for its country: not cut to a shape that was never printed.
    expect((await read(invoice([50, 80, 'UID-Nr.: DE19787878784']))).value('seller_vat_id')).toBeNull()
    const doc = await read(invoice([50, 80, 'UID-Nr.: ATU12345678'], [50, 92, 'USt-IdNr. ATU13585627']))
    expect(doc.value('seller_vat_id')).toBe('ATU13585627')
    expect(doc.candidate('seller_vat_id')?.confidence).toBeGreaterThan(0.5)
  })
})

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
    expect((await read(footer('3457 3201'))).value('iban')).toBe('AT611904300234573201')
    // The same place with digits that fail the checksum: no IBAN is made up.
    expect((await read(footer('3457 3210'))).value('iban')).toBeNull()
  })

  it('reads a 0 % row whose line runs into the totals column (basis, tax, then the tax total)', async () => {
    const doc = await read([
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
    const doc = await read([
      [50, 50, 'Berger Bau GmbH & Co KG', 14],
      [300, 120, 'Rechnungs-Nr.:   AR-06011'],
      [300, 134, 'Rechnungsdatum:   4.7:2026'],
      [50, 200, 'Leistungsdatum: 03.07.2026'],
    ])
    expect(doc.value('issue_date')).toBe('2026-07-04')
  })

  it('reads a total whose cents were set apart ("195.460, 90"), not an item amount', async () => {
    const doc = await read([
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
    const doc = await read([
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
    const doc = await read([
      [50, 50, 'Gasthof zur Post Mayr GmbH', 14],
      [50, 120, 'Rechnung Nr, R262751'],
      [50, 134, 'Kd.-Nr.: KD97426'],
      [50, 148, 'Salzburg, 23. Mai 2026'],
    ])
    expect(doc.value('invoice_number')).toBe('R262751')
    expect(doc.value('issue_date')).toBe('2026-05-23')
  })
})

describe('totals in tables', () => {
  const header: Parameters<typeof drawInvoice>[0] = [
    [50, 50, 'Global Supplies GmbH', 14],
    [50, 120, 'Rechnungsnummer: 47110818'],
    [50, 134, 'Rechnungsdatum: 31.10.2018'],
  ]

  it('reads an intra-Community supply whose two item amounts add up to the total as net, no tax, all at 0 %', async () => {
    const doc = await read([
      ...header,
      // A scan puts the rate column's heading over the amounts.
      [50, 186, 'Pos  Beschreibung'],
      [455, 186, 'USt.'],
      [50, 200, '1 Toolbox 0815   10 Stk   0%'],
      [460, 200, '1000,00'],
      [50, 214, '2 Stoßfänger   10 Stk   0%'],
      [460, 214, '1000,00'],
      [300, 300, 'Rechnungssumme ohne USt.'],
      [460, 300, '2000,00'],
      [300, 314, 'Steuerbetrag in EUR'],
      [460, 314, '0,00'],
      [300, 328, 'Bruttosumme'],
      [460, 328, '2000,00'],
    ])
    expect(doc.value('total_gross')).toBe('2000.00')
    expect(doc.value('total_net')).toBe('2000.00')
    expect(doc.value('total_tax')).toBe('0.00')
    // No breakdown row was read, yet no tax leaves one: the whole net at 0 %.
    expect(doc.value('tax_breakdown')).toEqual([{ rate: '0', basis: '2000.00', tax: '0.00' }])
  })

  it('reads net and tax under a header row naming several amounts, and the gross where the row goes on', async () => {
    const doc = await read([
      ...header,
      [50, 400, 'Warenwert'],
      [140, 400, 'Fracht'],
      [200, 400, 'Nettobetrag'],
      [280, 400, 'MwSt-Betrag'],
      [360, 400, 'MwSt-%'],
      [420, 400, 'Endbetrag'],
      [50, 414, '1062,60'],
      [140, 414, '15,00'],
      [200, 414, '1056,05'],
      [280, 414, '200,65'],
      [360, 414, '19,0'],
      [430, 440, 'EUR'],
      [480, 440, '1256,70'],
    ])
    expect(doc.value('total_net')).toBe('1056.05')
    expect(doc.value('total_tax')).toBe('200.65')
    // Not the tax amount under "MwSt-Betrag": its "Betrag" names the tax, not a total.
    expect(doc.value('total_gross')).toBe('1256.70')
  })
})

describe('tax breakdowns when a figure is misread', () => {
  const header: Parameters<typeof drawInvoice>[0] = [
    [50, 50, 'Hausbank Bürobedarf GmbH', 14],
    [50, 120, 'Rechnungsnummer: 471102'],
    [50, 134, 'Rechnungsdatum: 05.06.2013'],
  ]

  it('reads a tax whose decimal comma was lost, when it is exactly basis × rate', async () => {
    const doc = await read([
      ...header,
      [250, 300, 'Rechnungssumme Netto (exkl. USt.)'],
      [470, 300, '193,83'],
      [50, 314, 'zzgl. Umsatzsteuer 7% von 129,37'],
      [470, 314, '9,06'],
      [50, 328, 'zzgl. Umsatzsteuer 19% von 64,46'],
      [470, 328, '1225'],
      [250, 342, 'Summe Umsatzsteuer'],
      [470, 342, '21,31'],
      [250, 356, 'Rechnungssumme Brutto (inkl. USt.)'],
      [470, 356, '215,14'],
    ])
    expect(doc.value('tax_breakdown')).toEqual([
      { rate: '7', basis: '129.37', tax: '9.06' },
      { rate: '19', basis: '64.46', tax: '12.25' },
    ])
    // Not a comma-less figure that is not the computed tax.
    const other = await read([...header, [50, 314, 'zzgl. Umsatzsteuer 19% von 64,46'], [470, 314, '1226']])
    expect(other.value('tax_breakdown')).toBeNull()
  })

  it('takes net and tax from the breakdown when they add up to the total and their own figures are misread', async () => {
    const doc = await read([
      ...header,
      [50, 300, 'Taxe   Base   Montant   Total HT   -21 8,48 €'],
      [50, 314, '20.0   -20,48 €   -4,10 €   Taxes   14.99 €'],
      [50, 328, '5.5   -198,00 €   -10,89 €'],
      [300, 342, 'Total TTC'],
      [460, 342, '-233,47 €'],
    ])
    expect(doc.value('total_gross')).toBe('-233.47')
    expect(doc.value('total_net')).toBe('-218.48')
    expect(doc.value('total_tax')).toBe('-14.99')
  })
})

describe('totals when a figure is misread', () => {
  const totals: Parameters<typeof drawInvoice>[0] = [
    [50, 50, 'Kaffeerösterei Huber KG', 14],
    [50, 120, 'Rechnungsnummer: RE-2026-0417'],
    [50, 134, 'Rechnungsdatum: 12.03.2026'],
    [50, 200, 'Espresso Bohnen 1 kg'],
    [460, 200, '198,00'],
    [300, 240, 'Summe ohne USt.'],
    [460, 240, '198,00'],
  ]

  it('derives the tax from net and gross when the tax figure is unreadable and the rate fits', async () => {
    // A scan read "37,62" as "37762": the tax line holds no amount, net and gross are 20 % apart.
    const doc = await read([...totals, [300, 256, 'USt 20 %'], [460, 256, '37762'], [300, 272, 'Bruttosumme'], [460, 272, '237,60']])
    expect(doc.value('total_gross')).toBe('237.60')
    expect(doc.value('total_net')).toBe('198.00')
    expect(doc.value('total_tax')).toBe('39.60')
  })

  it('does not call the tax zero because the total is printed twice beside an unreadable tax', async () => {
    const doc = await read([
      ...totals.filter((line) => !String(line[2]).startsWith('Summe ohne') && line[2] !== '198,00'),
      [300, 256, 'Umsatzsteuer (S) 198,00 19'],
      [460, 256, '31762'],
      [300, 272, 'Bruttosumme'],
      [460, 272, '235,62'],
      [300, 300, 'Zahlbetrag'],
      [460, 300, '235,62'],
    ])
    expect(doc.value('total_gross')).toBe('235.62')
    expect(doc.value('total_tax')).not.toBe('0.00')
    expect(doc.value('total_net')).not.toBe('235.62')
  })

  it('reads a credit note whose net and tax lost their minus signs', async () => {
    const doc = await read([
      [50, 50, 'Au bon moulin', 14],
      [50, 120, 'Avoir N° AV-2017-0005'],
      [300, 240, 'Total HT'],
      [460, 240, '218,48 €'],
      [300, 256, 'Total taxes'],
      [460, 256, '14,99 €'],
      [300, 272, 'Total TTC'],
      [460, 272, '-233,47 €'],
    ])
    expect(doc.value('total_gross')).toBe('-233.47')
    expect(doc.value('total_net')).toBe('-218.48')
    expect(doc.value('total_tax')).toBe('-14.99')
  })

  it('leaves a net and gross that fit no VAT rate without a derived tax', async () => {
    const doc = await read([...totals, [300, 256, 'USt'], [460, 256, '37762'], [300, 272, 'Bruttosumme'], [460, 272, '250,00']])
    expect(doc.value('total_gross')).toBe('250.00')
    expect(doc.value('total_tax')).toBeNull()
  })
})
