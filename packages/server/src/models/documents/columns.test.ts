import { describe, expect, it } from 'vitest'
import { DocumentKind } from '@portal/sdk/domain'
import { documentColumnsFrom } from './columns'

describe('documentColumnsFrom', () => {
  it('maps values to columns, the other party VAT id by direction, money as exact strings', () => {
    const values = {
      invoice_number: 'RE-2026-0042',
      issue_date: '2026-03-01',
      total_gross: '1234.56',
      seller_vat_id: 'ATU13585627',
      buyer_vat_id: 'ATU99999999',
      payment_method: 'sepa_direct_debit',
    }
    const incoming = documentColumnsFrom(values, DocumentKind.ER)
    expect(incoming).toMatchObject({
      invoice_number: 'RE-2026-0042',
      invoice_date: '2026-03-01',
      total_gross: '1234.56',
      vat_id: 'ATU13585627',
      payment_method: 'sepa_direct_debit',
      currency: 'EUR',
    })
    expect(documentColumnsFrom(values, DocumentKind.AR).vat_id).toBe('ATU99999999')
  })

  it('clears the columns of fields without a value, so a row never keeps a value no candidate holds', () => {
    expect(documentColumnsFrom({}, DocumentKind.ER)).toMatchObject({ invoice_number: null, total_gross: null, due_date: null, small_business: false })
  })
})
