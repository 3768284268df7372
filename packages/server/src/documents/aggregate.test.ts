import { describe, expect, it } from 'vitest'
import type { Candidate, FieldName } from '../extraction/types'
import { decideDocumentType, documentColumnsFrom, suggestSplit } from './aggregate'

const candidate = (field: FieldName, value: string, page: number | null = 1, confidence = 0.9): Candidate => ({
  field,
  value,
  source: 2,
  confidence,
  page,
  box: null,
})

const company = { vat_id: 'ATU13585627', iban: 'AT611904300234573201', company_name: 'Alpenblick Hotel GmbH' }

describe('decideDocumentType', () => {
  it('reads an invoice the company issued as outgoing and one addressed to it as incoming', () => {
    expect(decideDocumentType({ seller_vat_id: candidate('seller_vat_id', 'ATU 1358 5627') }, company, 'ER')).toBe('AR')
    expect(decideDocumentType({ buyer_vat_id: candidate('buyer_vat_id', 'ATU13585627') }, company, 'AR')).toBe('ER')
    expect(decideDocumentType({ iban: candidate('iban', 'AT61 1904 3002 3457 3201') }, company, 'ER')).toBe('AR')
  })

  it('keeps the type without a sign and never touches cash-book documents', () => {
    expect(decideDocumentType({ seller_vat_id: candidate('seller_vat_id', 'DE136695976') }, company, 'ER')).toBe('ER')
    expect(decideDocumentType({ seller_vat_id: candidate('seller_vat_id', 'ATU13585627') }, company, 'KA')).toBe('KA')
  })
})

describe('documentColumnsFrom', () => {
  it('maps values to columns, the other party VAT id by direction, money as exact strings', () => {
    const values = {
      invoice_number: candidate('invoice_number', 'RE-2026-0042'),
      issue_date: candidate('issue_date', '2026-03-01'),
      total_gross: candidate('total_gross', '1234.56'),
      seller_vat_id: candidate('seller_vat_id', 'ATU13585627'),
      buyer_vat_id: candidate('buyer_vat_id', 'ATU99999999'),
      payment_method: candidate('payment_method', 'sepa_direct_debit'),
    }
    const incoming = documentColumnsFrom(values, 'ER')
    expect(incoming).toMatchObject({
      invoice_number: 'RE-2026-0042',
      invoice_date: '2026-03-01',
      total_gross: '1234.56',
      vat_id: 'ATU13585627',
      payment_method: 'sepa_direct_debit',
      currency: 'EUR',
    })
    expect(documentColumnsFrom(values, 'AR').vat_id).toBe('ATU99999999')
  })
})

describe('suggestSplit', () => {
  it('suggests page ranges when a PDF holds several invoices', () => {
    const candidates = [candidate('invoice_number', 'A-1', 1), candidate('invoice_number', 'A-2', 3), candidate('invoice_number', 'A-1', 2)]
    expect(suggestSplit(candidates, 4)).toEqual([
      { from: 1, to: 2 },
      { from: 3, to: 4 },
    ])
  })

  it('says nothing for one invoice over several pages', () => {
    expect(suggestSplit([candidate('invoice_number', 'A-1', 1), candidate('invoice_number', 'A-1', 2)], 2)).toBeNull()
    expect(suggestSplit([candidate('invoice_number', 'A-1', 1), candidate('invoice_number', 'B-9', 2, 0.3)], 2)).toBeNull()
  })
})
