import { describe, expect, it } from 'vitest'
import { drawInvoice, readInvoice } from './test-invoices'

describe('totals in tables', () => {
  const header: Parameters<typeof drawInvoice>[0] = [
    [50, 50, 'Global Supplies GmbH', 14],
    [50, 120, 'Rechnungsnummer: 47110818'],
    [50, 134, 'Rechnungsdatum: 31.10.2018'],
  ]

  it('reads an intra-Community supply whose two item amounts add up to the total as net, no tax, all at 0 %', async () => {
    const doc = await readInvoice([
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
    const doc = await readInvoice([
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
    const doc = await readInvoice([
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
    const other = await readInvoice([...header, [50, 314, 'zzgl. Umsatzsteuer 19% von 64,46'], [470, 314, '1226']])
    expect(other.value('tax_breakdown')).toBeNull()
  })

  it('takes net and tax from the breakdown when they add up to the total and their own figures are misread', async () => {
    const doc = await readInvoice([
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
    const doc = await readInvoice([...totals, [300, 256, 'USt 20 %'], [460, 256, '37762'], [300, 272, 'Bruttosumme'], [460, 272, '237,60']])
    expect(doc.value('total_gross')).toBe('237.60')
    expect(doc.value('total_net')).toBe('198.00')
    expect(doc.value('total_tax')).toBe('39.60')
  })

  it('does not call the tax zero because the total is printed twice beside an unreadable tax', async () => {
    const doc = await readInvoice([
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
    const doc = await readInvoice([
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
    const doc = await readInvoice([...totals, [300, 256, 'USt'], [460, 256, '37762'], [300, 272, 'Bruttosumme'], [460, 272, '250,00']])
    expect(doc.value('total_gross')).toBe('250.00')
    expect(doc.value('total_tax')).toBeNull()
  })
})
