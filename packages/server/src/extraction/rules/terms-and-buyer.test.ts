import { describe, expect, it } from 'vitest'
import { drawInvoice, readInvoice } from './test-invoices'

describe('the terms of payment and the buyer', () => {
  const invoice = (...lines: Parameters<typeof drawInvoice>[0]) =>
    readInvoice([
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
    const doc = await readInvoice([
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
    const doc = await readInvoice([
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
    const doc = await readInvoice([
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
    const doc = await readInvoice([
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
