import { describe, expect, it } from 'vitest'
import type { Candidate, FieldName } from '../types'
import { matches } from './compare'

function found(field: FieldName, value: string): Candidate {
  return { field, value, source: 2, confidence: 0.9, page: 1, box: null }
}

describe('matches', () => {
  it('reads the number sign before an invoice number as the label, not the number', () => {
    expect(matches('invoice_number', '#BLR_WFLD2015', found('invoice_number', 'BLR_WFLD2015'))).toBe(true)
    expect(matches('invoice_number', 'RE-2026-0417', found('invoice_number', '# RE-2026-0417'))).toBe(true)
  })

  it('still tells different invoice numbers apart', () => {
    expect(matches('invoice_number', '#BLR_WFLD2015', found('invoice_number', 'BLR_WFLD2016'))).toBe(false)
    expect(matches('invoice_number', 'RE-2026-0417', found('invoice_number', 'RE-2026-041'))).toBe(false)
    expect(matches('invoice_number', 'A#1', found('invoice_number', 'A1'))).toBe(false)
  })

  it('compares amounts by value and ids without spaces', () => {
    expect(matches('total_gross', '319.0', found('total_gross', '319.00'))).toBe(true)
    expect(matches('iban', 'AT61 1904 3002 3457 3201', found('iban', 'AT611904300234573201'))).toBe(true)
    expect(matches('total_gross', '319.0', found('total_gross', '319.01'))).toBe(false)
  })
})

describe('matches for party names', () => {
  it('takes a name without the truth’s identifier and salutation lines, or without its legal form, as the same', () => {
    expect(matches('seller_name', 'GLN 4333741000005 \nLief-Nr: 549910\nMUSTERLIEFERANT GMBH', found('seller_name', 'MUSTERLIEFERANT GMBH'))).toBe(true)
    expect(matches('buyer_name', 'Herrn\nMax Mustermann', found('buyer_name', 'Max Mustermann'))).toBe(true)
    expect(matches('seller_name', 'Au bon moulin', found('seller_name', 'Au bon moulin SARL'))).toBe(true)
  })
  it('still tells a name cut short or another party apart', () => {
    expect(matches('seller_name', 'MVM Musterhafter\nVersicherungsverein Musterstadt a.G.', found('seller_name', 'Musterhafter'))).toBe(false)
    expect(matches('seller_name', 'MUSTERLIEFERANT GMBH', found('seller_name', 'KOSTENLIEFERANT GMBH'))).toBe(false)
    expect(matches('buyer_name', 'Herrn\nMax Mustermann', found('buyer_name', '12346 Bad Musterhausen'))).toBe(false)
  })
})
