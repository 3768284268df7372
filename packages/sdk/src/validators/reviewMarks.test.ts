import { describe, expect, it } from 'vitest'
import { CONTRADICTED_CONFIDENCE, DataSource } from '../domain/index'
import { documentIssues } from './document'
import { checkReasons, fieldMarks, LOW_CONFIDENCE_REASON, vouchedFields } from './reviewMarks'

const value = (field: string, source: number = DataSource.PDF_Parse, confidence = 0.95) => ({ field, source, confidence })

// Issue 32: the attention flag and the rules' warnings decide the yellow marks of the field panel and what a
// confirmation records as checked, by this one function on the screen and on the server.
describe('fieldMarks', () => {
  it('marks nothing on a clean text-layer reading that keeps the rules', () => {
    const values = ['invoice_number', 'issue_date', 'seller_name', 'total_net', 'total_gross'].map((f) => value(f))
    const issues = documentIssues({ invoice_number: 'R-1', issue_date: '2026-03-01', total_net: '100.00', total_tax: '20.00', total_gross: '120.00' })
    expect(fieldMarks(values, issues)).toEqual({})
  })

  it('marks a contradicted value yellow with the low-confidence reason, whatever its field', () => {
    const marks = fieldMarks([value('delivery_date', DataSource.PDF_Parse, CONTRADICTED_CONFIDENCE), value('issue_date')], [])
    expect(Object.keys(marks)).toEqual(['delivery_date'])
    expect(marks.delivery_date.tone).toBe('check')
    expect(checkReasons(marks.delivery_date)).toEqual([LOW_CONFIDENCE_REASON])
  })

  it('marks an optional field’s broken rule yellow with its reason; a broken required rule red', () => {
    const issues = [
      ...documentIssues({ iban: 'AT00 1234', issue_date: '2026-03-01', total_gross: '1200.00' }),
      { field: 'account_number', key: 'errors:account.notFound', params: { field: 'account_number' } },
    ]
    const marks = fieldMarks([value('iban'), value('issue_date')], issues)
    expect(marks.iban.tone).toBe('check')
    expect(marks.iban.problems).toEqual([])
    expect(checkReasons(marks.iban).map((r) => r.key)).toEqual(['validation:iban'])
    expect(marks.invoice_number).toMatchObject({ tone: 'problem', problems: [{ key: 'validation:required' }] })
    expect(marks.account_number.tone).toBe('problem')
  })

  it('says a rule once per field and adds the unsure reading to a warning', () => {
    const iban = { field: 'iban', key: 'validation:iban', params: { field: 'iban', warning: true } }
    const marks = fieldMarks([value('iban', DataSource.E_Invoice_XML, 0.5)], [iban, iban])
    expect(checkReasons(marks.iban).map((r) => r.key)).toEqual(['validation:iban', LOW_CONFIDENCE_REASON.key])
  })

  it('never marks a person’s value unsure; below its field’s threshold from OCR it is', () => {
    const marks = fieldMarks([value('seller_name', DataSource.Human_Labeling, 0.1), value('invoice_number', DataSource.OCR, 0.2)], [])
    expect(marks.seller_name).toBeUndefined()
    expect(marks.invoice_number.lowConfidence).toBe(true)
  })
})

describe('vouchedFields', () => {
  it('records as checked what people gave and what the panel marked, not an unmarked machine value', () => {
    const values = [value('buyer_name', DataSource.Human_Labeling, 1), value('delivery_date', DataSource.PDF_Parse, 0.2), value('iban'), value('buyer_address')]
    const marks = fieldMarks(values, documentIssues({ iban: 'AT00 1234' }))
    expect([...vouchedFields(values, marks)].sort()).toEqual(['buyer_name', 'delivery_date', 'iban'])
  })
})
