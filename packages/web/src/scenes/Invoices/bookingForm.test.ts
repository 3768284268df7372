import { describe, expect, it } from 'vitest'
import type { DocumentBooking } from '@portal/sdk/services'
import { bookingDataOf, checkBookingForm, formFromSuggestions, normalizeAmount, shownSuggestion } from './bookingForm'

const answer: DocumentBooking = {
  document_id: 7,
  company_no: 1002,
  version: 4,
  document_type: 'ER',
  confirmed: true,
  booked: false,
  booking: null,
  bookings: [],
  totals: { net: '200.00', tax: '40.00', gross: '240.00', currency: 'EUR' },
  settings: { small_business: false, use_gross_amounts: false },
  new_account: null,
  suggestions: {
    account: { value: '330001', source: 'supplierDefault' },
    counter_account: { value: '7200', source: 'supplierBooking', booking_no: 3 },
    tax_code: { value: 'V20', source: 'supplierBooking', booking_no: 3 },
    period: { value: '2026-03', source: 'rule' },
  },
  suggested_lines: [{ taxCode: 'V20', amount: '200.00' }],
}

describe('booking form', () => {
  it('starts from the suggestions and books them as they are', () => {
    const form = formFromSuggestions(answer)
    expect(checkBookingForm(form, answer).issues).toEqual([])
    expect(bookingDataOf(form, answer)).toEqual({
      document_id: 7,
      version: 4,
      account: 330001,
      counter_account: 7200,
      period: '2026-03',
      lines: [{ taxCode: 'V20', amount: '200.00' }],
    })
    expect(shownSuggestion(answer, 'counter_account', '7200')?.source).toBe('supplierBooking')
    expect(shownSuggestion(answer, 'counter_account', '7300')).toBeUndefined()
  })

  it('reads German amounts and checks the lines against the totals as typed', () => {
    expect(normalizeAmount('1.234,50')).toBe('1234.50')
    expect(normalizeAmount('1,234.50')).toBe('1234.50')
    const form = { ...formFromSuggestions(answer), lines: [{ taxCode: 'V20', amount: '199,99' }] }
    const { lines, issues } = checkBookingForm(form, answer)
    expect(lines[0]).toMatchObject({ net: '199.99', tax: '40.00', gross: '239.99' })
    expect(issues.map((issue) => issue.params.total)).toEqual(['gross', 'net'])
  })

  it('asks for the account, counter account, a period and a business lunch reason', () => {
    const form = { ...formFromSuggestions(answer), account: '', counter_account: 'x', period: '2026-13', business_lunch: true, business_lunch_participants: 'A, B' }
    expect(checkBookingForm(form, answer).issues.map((issue) => issue.field)).toEqual(['account', 'counter_account', 'period', 'business_lunch_reason'])
  })
})
