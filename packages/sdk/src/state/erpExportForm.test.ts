import { describe, expect, it } from 'vitest'
import { emptyErpExportForm, erpBatchActions, erpExportData, erpExportFormErrors, erpExportFormFieldOf, erpRefusalMessage, erpRefusalsOf } from './erpExportForm'

describe('ERP export form', () => {
  it('starts with the month before today in BMD NTCS (January goes back to December)', () => {
    expect(emptyErpExportForm(new Date('2026-11-24T12:00:00Z'))).toEqual({ range: 'period', period: '2026-10', from: '', to: '', format: 'bmd' })
    expect(emptyErpExportForm(new Date('2027-01-05T12:00:00Z')).period).toBe('2026-12')
  })

  it('names each wrong field with its rule', () => {
    const form = emptyErpExportForm(new Date('2026-11-24T00:00:00Z'))
    expect(erpExportFormErrors(form)).toEqual({})
    expect(erpExportFormErrors({ ...form, period: '' })).toEqual({ period: { key: 'validation:required' } })
    expect(erpExportFormErrors({ ...form, period: '2026-13' })).toEqual({ period: { key: 'validation:period' } })
    const dates = { ...form, range: 'dates' as const }
    expect(erpExportFormErrors(dates)).toEqual({ from: { key: 'validation:required' }, to: { key: 'validation:required' } })
    expect(erpExportFormErrors({ ...dates, from: '2026-02-30', to: '2026-03-01' })).toEqual({ from: { key: 'validation:date', params: { minYear: 1900, maxYear: 2199 } } })
    expect(erpExportFormErrors({ ...dates, from: '2026-10-31', to: '2026-10-01' })).toEqual({
      to: { key: 'erp:error.rangeOrder', params: { from: '2026-10-31', to: '2026-10-01' } },
    })
    expect(erpExportFormErrors({ ...form, format: 'xls' as never }).format?.key).toBe('validation:choice')
  })

  it('sends a period or a range, and dry_run only for the check', () => {
    const form = emptyErpExportForm(new Date('2026-11-24T00:00:00Z'))
    expect(erpExportData(1001, form, true)).toEqual({ client_no: 1001, format: 'bmd', period: '2026-10', dry_run: true })
    expect(erpExportData(1001, { ...form, range: 'dates', from: '2026-10-01', to: '2026-10-31', format: 'datev' }, false)).toEqual({
      client_no: 1001,
      format: 'datev',
      from: '2026-10-01',
      to: '2026-10-31',
    })
  })

  it('reads a refusal’s field and refusals, words each refusal, and offers actions by status', () => {
    expect(erpExportFormFieldOf({ data: { key: 'erp:error.rangeOrder', params: { field: 'from' } } })).toBe('from')
    expect(erpExportFormFieldOf({ data: { key: 'x', params: { field: 'client_no' } } })).toBeUndefined()
    const refusal = { document_id: 4, booking_no: 9, document_number: 'R-4', reason: 'unknownTaxCode' as const, params: { taxCode: 'V20', format: 'DATEV' } }
    expect(erpRefusalsOf({ data: { key: 'erp:error.batchRefused', refusals: [refusal] } })).toEqual([refusal])
    expect(erpRefusalsOf(new Error('offline'))).toBeUndefined()
    expect(erpRefusalMessage(refusal)).toEqual({ key: 'erp:refusal.unknownTaxCode', params: { bookingNo: 9, documentId: 4, taxCode: 'V20', format: 'DATEV' } })
    expect(erpBatchActions({ status: 'exported' })).toEqual({ revoke: true, markImported: true })
    expect(erpBatchActions({ status: 'imported' })).toEqual({ revoke: false, markImported: false })
    expect(erpBatchActions({ status: 'revoked' })).toEqual({ revoke: false, markImported: false })
  })
})
