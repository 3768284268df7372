import { describe, expect, it } from 'vitest'
import { DataSource } from '@portal/sdk/domain'
import type { DocumentField } from '@portal/sdk/services'
import { checkFields, firstAttentionField } from './fieldChecks'

const field = (name: string, value: string, source: number = DataSource.PDF_Parse, confidence = 0.95): DocumentField => ({
  field: name,
  current: { value, source, confidence, page: 1, box: null },
  candidates: [],
})

describe('field checks', () => {
  const valid = [field('invoice_number', 'R-1'), field('issue_date', '2026-03-01'), field('total_gross', '120.00')]

  it('says nothing about a document whose values keep the rules', () => {
    expect(checkFields([...valid, field('total_net', '100.00'), field('total_tax', '20.00')], [], true)).toEqual({})
  })

  it("marks a tax line whose tax is not basis × rate 'Calculation failed', and totals that do not add up", () => {
    const marks = checkFields(
      [...valid, field('total_net', '100.00'), field('total_tax', '21.00'), field('tax_breakdown', '[{"basis":"100.00","rate":"20","tax":"21.00"}]')],
      [],
      true,
    )
    expect(marks.tax_breakdown.problems.map((p) => p.key)).toEqual(['errors:document.calculationFailed'])
    expect(marks.total_gross.problems[0]).toMatchObject({ key: 'validation:totalsMismatch', params: { sum: '121.00', total: '120.00' } })
  })

  it('marks missing required fields, a bad IBAN, unsure machine values; a person’s value is never unsure', () => {
    const marks = checkFields(
      [field('invoice_number', 'R-1', DataSource.OCR, 0.2), field('iban', 'AT00 1234'), field('seller_name', 'Foo', DataSource.Human_Labeling, 0.1)],
      [{ field: 'account_number', key: 'errors:account.notFound', params: {} }],
      true,
    )
    expect(marks.invoice_number.lowConfidence).toBe(true)
    expect(marks.issue_date.problems[0].key).toBe('validation:required')
    // The IBAN is optional: its broken rule warns, it does not stop a confirmation.
    expect(marks.iban.problems).toEqual([])
    expect(marks.iban.warnings[0].key).toBe('validation:iban')
    expect(marks.account_number.problems[0].key).toBe('errors:account.notFound')
    expect(marks.seller_name).toBeUndefined()
    expect(firstAttentionField([field('iban', 'x'), field('invoice_number', 'R-1')], marks)).toBe('iban')
  })

  it('applies no invoice rules to other documents', () => {
    expect(checkFields([field('iban', 'AT00')], [], false)).toEqual({})
  })
})
