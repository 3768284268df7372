import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { extractDocument } from '../extract'
import { readEInvoiceXml } from './read'

/** Our own invoices, one per version, written from each version's published schema layout (fixtures/ebinterface). */
const sample = (version: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/ebinterface/ebinterface-${version}.xml`, import.meta.url)))

const seller = { seller_name: 'Tischlerei Holzmann e.U.', seller_vat_id: 'ATU12345675', buyer_vat_id: 'ATU98765432' }

describe('every ebInterface version from 3.0 to 6.1', () => {
  it.each(['3p0', '3p02'])('%s: VAT items under VAT/Item, net and tax, the IBAN of a transfer typed by xsi:type, the discount', (version) => {
    expect(readEInvoiceXml(sample(version))).toMatchObject({
      ...seller,
      syntax: 'ebInterface',
      version: version === '3p0' ? '3.0' : '3.02',
      issue_date: '2026-09-15',
      due_date: '2026-10-15',
      delivery_date: '2026-09-14',
      total_gross: '1473.00',
      total_net: '1230.00',
      total_tax: '243.00',
      tax_breakdown: [
        { rate: '20', basis: '1200.00', tax: '240.00', category: 'S' },
        { rate: '10', basis: '30.00', tax: '3.00', category: 'S' },
      ],
      iban: 'AT483200000012345864',
      bic: 'BKAUATWW',
      payment_means_codes: ['58'],
      skonto_percent: '3',
      skonto_due_date: '2026-09-29',
    })
  })

  it('4.0: net, tax, breakdown and IBAN of a transfer typed by xsi:type', () => {
    expect(readEInvoiceXml(sample('4p0'))).toMatchObject({
      ...seller,
      version: '4.0',
      invoice_number: 'HM-4.0-001',
      total_gross: '600.00',
      total_net: '500.00',
      total_tax: '100.00',
      tax_breakdown: [{ rate: '20', basis: '500.00', tax: '100.00', category: 'S' }],
      delivery_date: '2026-09-14',
      iban: 'AT483200000012345864',
      payment_means_codes: ['58'],
      skonto_percent: '2',
      skonto_due_date: '2026-09-29',
    })
  })

  it.each([
    ['4.1', '4p1'],
    ['4.2', '4p2'],
    ['4.3', '4p3'],
  ])('%s: VATItem with a rate or a tax exemption; the tax items sum to the total tax', (version, file) => {
    const data = readEInvoiceXml(sample(file))
    expect(data).toMatchObject({
      ...seller,
      version,
      total_gross: '3287.00',
      total_tax: '330.00',
      // Other taxes (here the advertising tax) are costs, not VAT: they stay in the net.
      total_net: '2957.00',
      // 4.x has no PrepaidAmount (it came with 5.0): the amount due is the PayableAmount as stated.
      prepaid: null,
      amount_due: '2287.00',
      iban: 'AT483200000012345864',
      payment_means_codes: ['58'],
    })
    expect(data?.tax_breakdown.map((line) => [line.rate, line.basis, line.tax, line.category])).toEqual([
      ['20', '550.00', '110.00', 'S'],
      ['10', '2200.00', '220.00', 'S'],
      ['0', '202.00', '0.00', 'AE'],
    ])
    expect(data?.lines.map((line) => line.tax_rate)).toEqual(['20', '10', '0'])
  })

  it.each([
    ['5.0', '5p0'],
    ['6.0', '6p0'],
    ['6.1', '6p1'],
  ])('%s: a tax item without TaxAmount (exempt, 0 %%) still sums to the total tax; net = gross - tax, IBAN, BIC, discount', (version, file) => {
    const data = readEInvoiceXml(sample(file))
    expect(data).toMatchObject({
      ...seller,
      version,
      total_gross: '1242.00',
      total_tax: '172.00',
      total_net: '1070.00',
      amount_due: '1242.00',
      iban: 'AT483200000012345864',
      bic: 'BKAUATWW',
      due_date: '2026-10-31',
      skonto_percent: '1',
      skonto_due_date: '2026-10-14',
      service_period_start: '2026-09-01',
      service_period_end: '2026-09-30',
    })
    expect(data?.tax_breakdown).toEqual([
      { rate: '20', basis: '800.00', tax: '160.00', category: 'S' },
      { rate: '10', basis: '120.00', tax: '12.00', category: 'AA' },
      { rate: '0', basis: '150.00', tax: '0.00', category: 'E' },
    ])
  })

  it('refuses ebInterface before 3.0 with a reason naming the version', async () => {
    const result = await extractDocument(sample('2p1'))
    expect(result).toEqual({ ok: false, refusal: { key: 'refusal.ebInterfaceVersion', params: { version: '2.1' } } })
  })
})
