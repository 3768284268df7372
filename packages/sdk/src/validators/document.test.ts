import { describe, expect, it } from 'vitest'
import { documentIssues, isWarning, parseTaxLines, requiredFields, taxLineMismatch } from './document'

const complete = {
  invoice_number: 'RE-1',
  issue_date: '2026-03-12',
  total_net: '150.00',
  total_tax: '25.00',
  total_gross: '175.00',
  tax_breakdown: '[{"basis":"100.00","rate":"20","tax":"20.00"},{"basis":"50.00","rate":"10","tax":"5.00"}]',
}

describe('document rules of SPEC §5', () => {
  it('accepts a document whose tax lines are computed right and add up to the totals', () => {
    expect(documentIssues(complete)).toEqual([])
  })

  it("names the line whose tax is not basis × rate ('Calculation failed')", () => {
    const lines = parseTaxLines('[{"basis":"100.00","rate":"20","tax":"20.00"},{"basis":"50.00","rate":"10","tax":"5.50"}]')!
    expect(taxLineMismatch(lines)).toEqual({ line: 2, result: { key: 'errors:document.calculationFailed', params: { expected: '5.00', actual: '5.50' } } })
  })

  it('reports totals that do not add up, required fields and malformed lines, each by field', () => {
    const issues = documentIssues({ ...complete, issue_date: ' ', total_tax: '26.00', total_gross: '176.00' })
    expect(issues).toEqual([
      { field: 'issue_date', key: 'validation:required', params: { field: 'issue_date' } },
      { field: 'total_tax', key: 'validation:totalsMismatch', params: { field: 'total_tax', sum: '25.00', total: '26.00', rule: 'linesSum' } },
    ])
    expect(documentIssues({ ...complete, total_gross: '180.00' })).toEqual([
      { field: 'total_gross', key: 'validation:totalsMismatch', params: { field: 'total_gross', sum: '175.00', total: '180.00', rule: 'netPlusTax' } },
    ])
    expect(documentIssues({ ...complete, tax_breakdown: '{"rate":"20"}' })).toContainEqual(
      expect.objectContaining({ field: 'tax_breakdown', key: 'validation:taxLines' }),
    )
  })

  it('reads the extraction’s lines (null basis or tax allowed) and refuses other shapes', () => {
    expect(parseTaxLines('[{"rate":"20","basis":null,"tax":"4.00"}]')).toEqual([{ rate: '20', basis: null, tax: '4.00' }])
    expect(parseTaxLines('[]')).toBeNull()
    expect(parseTaxLines('[{"basis":"1.234","rate":"20","tax":"0.25"}]')).toBeNull()
    expect(parseTaxLines('not json')).toBeNull()
  })

  it('needs no invoice number on a small-amount invoice (gross up to € 400, § 11 Abs. 6 UStG)', () => {
    const noNumber = { issue_date: '2026-03-12', invoice_number: '' }
    expect(requiredFields({ ...noNumber, total_gross: '400.00' })).not.toContain('invoice_number')
    expect(documentIssues({ ...noNumber, total_gross: '38.50' })).toEqual([])
    expect(documentIssues({ ...noNumber, total_gross: '400.01' })).toEqual([
      { field: 'invoice_number', key: 'validation:required', params: { field: 'invoice_number' } },
    ])
    expect(requiredFields({ ...noNumber, total_gross: '' })).toContain('invoice_number')
  })

  it('only warns on an optional field: a wrong IBAN or VAT id', () => {
    const issues = documentIssues({ ...complete, iban: 'AT611904300234573202', buyer_vat_id: 'ATU12345679' })
    expect(issues.map((issue) => issue.field)).toEqual(['iban', 'buyer_vat_id'])
    expect(issues.every(isWarning)).toBe(true)
    expect(documentIssues({ ...complete, invoice_number: '', total_gross: '1175.00' }).some(isWarning)).toBe(false)
  })
})
