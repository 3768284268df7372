import {
  bookLines,
  checkAccountSide,
  checkBusinessLunch,
  checkSettlement,
  isPeriod,
  taxSideOfDocumentType,
  type BookedLine,
  type BookingContext,
  type BookingIssue,
  SettlementKind,
} from '@portal/sdk/domain'
import type { BookingSuggestion, DocumentBooking, DocumentBookingData, SuggestedField } from '@portal/sdk/services'

/** What the booking panel's fields hold, as typed (text). */
export interface BookingForm {
  account: string
  counter_account: string
  cost_center: string
  period: string
  book: string
  text: string
  business_lunch: boolean
  business_lunch_reason: string
  business_lunch_participants: string
  settlement_kind: string
  deducted: string
  lines: { taxCode: string; amount: string }[]
}

/** The form as the suggestions fill it: booking with the suggestions is one keystroke. */
export function formFromSuggestions(answer: DocumentBooking): BookingForm {
  const s = (field: SuggestedField) => answer.suggestions[field]?.value ?? ''
  return {
    account: s('account'),
    counter_account: s('counter_account'),
    cost_center: s('cost_center'),
    period: s('period'),
    book: s('book'),
    text: s('text'),
    business_lunch: s('business_lunch') === 'true',
    business_lunch_reason: s('business_lunch_reason'),
    business_lunch_participants: s('business_lunch_participants'),
    settlement_kind: s('settlement_kind'),
    deducted: s('deducted'),
    lines: answer.suggested_lines.length > 0 ? answer.suggested_lines.map((line) => ({ ...line })) : [{ taxCode: s('tax_code'), amount: answer.totals.gross ?? '' }],
  }
}

/** The suggestion a field still shows (the form holds the suggested value), for its "Suggested: …" note. */
export function shownSuggestion(answer: DocumentBooking, field: SuggestedField, value: string): BookingSuggestion | undefined {
  const suggestion = answer.suggestions[field]
  return suggestion && suggestion.value === value ? suggestion : undefined
}

/** The booking rules' context of the document and company. */
export function bookingContext(answer: DocumentBooking): BookingContext {
  return {
    side: taxSideOfDocumentType(answer.document_type),
    smallBusiness: answer.settings.small_business,
    useGrossAmounts: answer.settings.use_gross_amounts,
    totals: { net: answer.totals.net, tax: answer.totals.tax, gross: answer.totals.gross ?? '0.00' },
  }
}

/** Reads a typed amount: a decimal comma or point, thousands separators dropped ('1.234,50' → '1234.50'). */
export function normalizeAmount(text: string): string {
  const trimmed = text.trim().replace(/\s/g, '')
  if (/,\d{1,2}$/.test(trimmed)) return trimmed.replace(/\./g, '').replace(',', '.')
  return trimmed.replace(/,/g, '')
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim())

/** The form as document-bookings.create wants it. */
export function bookingDataOf(form: BookingForm, answer: DocumentBooking): DocumentBookingData {
  return {
    document_id: answer.document_id,
    version: answer.version,
    account: Number(form.account),
    counter_account: Number(form.counter_account),
    cost_center: optional(form.cost_center),
    period: form.period.trim(),
    book: optional(form.book),
    text: optional(form.text),
    lines: form.lines.map((line) => ({ taxCode: line.taxCode, amount: normalizeAmount(line.amount) })),
    business_lunch: form.business_lunch || undefined,
    business_lunch_reason: form.business_lunch ? optional(form.business_lunch_reason) : undefined,
    business_lunch_participants: form.business_lunch ? optional(form.business_lunch_participants) : undefined,
    settlement_kind: (optional(form.settlement_kind) as SettlementKind | undefined) ?? undefined,
    deducted: form.settlement_kind === SettlementKind.final_settlement ? optional(normalizeAmount(form.deducted)) : undefined,
  }
}

const issue = (field: string, rule: string, params: Record<string, string | number> = {}): BookingIssue => ({
  field,
  key: `booking:rule.${rule}`,
  params: { field, rule, ...params },
})

/**
 * The rules the server books by, checked as the person types: the lines against the totals (with the computed net,
 * tax and gross per line), the account side, a period, the business lunch and the settlement.
 */
export function checkBookingForm(form: BookingForm, answer: DocumentBooking): { lines: BookedLine[]; issues: BookingIssue[] } {
  const context = bookingContext(answer)
  const data = bookingDataOf(form, answer)
  const { lines, issues } = bookLines(data.lines, context)
  if (!/^\d{1,9}$/.test(form.account.trim())) issues.push(issue('account', 'required'))
  else {
    const side = checkAccountSide(Number(form.account), context.side)
    if (side) issues.push(side)
  }
  if (!/^\d{1,9}$/.test(form.counter_account.trim())) issues.push(issue('counter_account', 'required'))
  if (!isPeriod(form.period.trim())) issues.push(issue('period', 'period'))
  issues.push(...checkBusinessLunch({ business_lunch: form.business_lunch, reason: form.business_lunch_reason, participants: form.business_lunch_participants }))
  const settlement = checkSettlement(data.settlement_kind ?? null, data.deducted ?? null, context.totals.gross)
  if (settlement) issues.push(settlement)
  return { lines, issues }
}
