import { describe, expect, it } from 'vitest'
import { DocumentKind } from '@portal/sdk/domain'
import type { Candidate, FieldName } from '../types'
import { directionOf } from './direction'
import { suggestSplit } from './split'

const candidate = (field: FieldName, value: string, page: number | null = 1, confidence = 0.9): Candidate => ({
  field,
  value,
  source: 2,
  confidence,
  page,
  box: null,
})

const company = { vat_id: 'ATU13585627', iban: 'AT611904300234573201', company_name: 'Alpenblick Hotel GmbH' }

describe('directionOf', () => {
  it('reads an invoice the company issued as outgoing and one addressed to it as incoming', () => {
    expect(directionOf({ seller_vat_id: 'ATU 1358 5627' }, company, DocumentKind.ER)).toBe(DocumentKind.AR)
    expect(directionOf({ buyer_vat_id: 'ATU13585627' }, company, DocumentKind.AR)).toBe(DocumentKind.ER)
    expect(directionOf({ iban: 'AT61 1904 3002 3457 3201' }, company, DocumentKind.ER)).toBe(DocumentKind.AR)
  })

  it('keeps the kind without a sign and never touches cash-book documents', () => {
    expect(directionOf({ seller_vat_id: 'DE136695976' }, company, DocumentKind.ER)).toBe(DocumentKind.ER)
    expect(directionOf({ seller_vat_id: 'ATU13585627' }, company, DocumentKind.KA)).toBe(DocumentKind.KA)
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
