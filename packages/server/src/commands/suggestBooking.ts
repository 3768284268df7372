import type { Knex } from 'knex'
import {
  SettlementKind,
  defaultTaxCode,
  isHumanSource,
  rateOfDocument,
  taxCodeDefinition,
  taxCodeFitsDocument,
  viennaToday,
  taxSideOfDocumentType,
  wholeDocumentAmount,
  formatCents,
  toCents,
  type BookingContext,
  type DocumentKind,
} from '@portal/sdk/domain'
import type { BookingSuggestion, DocumentBooking, NewAccount, SuggestedField } from '@portal/sdk/services'
import { normalizeIban, normalizeVatId, vatId } from '@portal/sdk/validators'
import { bookingSettingsOf, firstOpenPeriodAfter, hasBook, isPeriodOpen, taxCodeOfExpenseAccount, type BookingSettings } from '../models/accounting-setup'
import { accountDefaults, nextSupplierNumber } from '../models/accounts'
import { lastBookingOfAccount, openDownPayments } from '../models/bookings'
import { listCandidates } from '../models/document-candidates'
import type { DocumentRow } from '../models/documents/index'
import { matchAccount } from './matchAccount'
import { recallSupplierDefaults } from './recallSupplierDefaults'

/** Props of suggestBooking. */
export interface SuggestBookingProps {
  db: Knex
  document: DocumentRow
}

type Suggestions = DocumentBooking['suggestions']

/**
 * The first of the offered values that has one: a person's entry, the account's last booking, taught defaults, rules.
 * An entry that repeats a later offer (a taught default the confirmation took over) is shown with that offer's source.
 */
function first(entered: BookingSuggestion | undefined, ...offers: (BookingSuggestion | undefined)[]): BookingSuggestion | undefined {
  const known = offers.filter((offer): offer is BookingSuggestion => offer !== undefined && offer.value.trim() !== '')
  if (!entered) return known[0]
  return known.find((offer) => offer.value === entered.value) ?? entered
}

const offer = (value: unknown, source: BookingSuggestion['source'], bookingNo?: number): BookingSuggestion | undefined =>
  value === null || value === undefined || String(value).trim() === ''
    ? undefined
    : { value: String(value), source, ...(bookingNo !== undefined ? { booking_no: bookingNo } : {}) }

/** The document's tax breakdown as confirmed ([{basis, rate, tax}]), or none. */
function breakdownOf(value: string | undefined): { basis: string; rate: string; tax: string }[] {
  if (!value) return []
  try {
    const parsed = JSON.parse(value) as unknown
    return Array.isArray(parsed) ? (parsed as { basis: string; rate: string; tax: string }[]).filter((l) => l && typeof l.basis === 'string') : []
  } catch {
    return []
  }
}

/** One line per rate of the document's breakdown, else one line for the whole document. */
function suggestedLines(taxCode: string | undefined, context: BookingContext, breakdown: ReturnType<typeof breakdownOf>, settings: BookingSettings) {
  const definition = taxCode ? taxCodeDefinition(taxCode) : undefined
  if (breakdown.length > 1 && definition && !definition.selfAssessed && !settings.small_business) {
    const lines = breakdown.map((line) => {
      const code = defaultTaxCode(context.side, Number(line.rate)) ?? taxCode ?? ''
      const net = toCents(line.basis) ?? 0
      const amount = settings.use_gross_amounts ? formatCents(net + (toCents(line.tax) ?? 0)) : formatCents(net)
      return { taxCode: code, amount }
    })
    if (lines.every((line) => line.taxCode !== '')) return lines
  }
  return taxCode ? [{ taxCode, amount: wholeDocumentAmount(taxCode, context) }] : []
}

/**
 * What the booking panel proposes for a document, each with where it came from: what people entered or confirmed on
 * it first, then the supplier memory (this account's last booking: counter account, tax code, cost centre, book; the
 * defaults taught for the supplier), then what the document says (period from the invoice date, tax code from the
 * rate, book from the kind, text from supplier and number).
 */
export async function suggestBooking(props: SuggestBookingProps): Promise<Pick<DocumentBooking, 'suggestions' | 'suggested_lines' | 'settings' | 'new_account'>> {
  const { db, document } = props
  const companyNo = document.company_no
  const kind = document.document_type as DocumentKind
  const side = taxSideOfDocumentType(kind)
  const settings = await bookingSettingsOf(db, companyNo)
  const chosen = (await listCandidates(db, document.id)).filter((candidate) => candidate.chosen)
  const values = Object.fromEntries(chosen.map((candidate) => [candidate.field, candidate.value]))
  const entered = (field: string) => {
    const candidate = chosen.find((c) => c.field === field)
    return candidate && isHumanSource(candidate.source) ? offer(candidate.value, 'document') : undefined
  }
  const defaults = await recallSupplierDefaults({ db, companyNo, kind, values })
  // An account created after the document was read (from this panel's "new account") is found again by UID or IBAN.
  const matched = document.account_number ?? (await matchAccount({ db, companyNo, kind, values }))
  const account = first(entered('account_number'), offer(defaults.account_number, 'supplierDefault'), offer(matched, 'matchedAccount'))
  const last = account ? await lastBookingOfAccount(db, companyNo, Number(account.value), kind) : undefined
  const fromLast = (value: unknown) => offer(value, 'supplierBooking', last?.booking_no)
  const kept = account ? await accountDefaults(db, companyNo, Number(account.value)) : undefined
  const counter = first(entered('counter_account'), fromLast(last?.counter_account), offer(kept?.counterAccount, 'accountDefault'))
  const fitsSide = (code: BookingSuggestion | undefined) => {
    const definition = code ? taxCodeDefinition(code.value) : undefined
    return definition && definition.side === side && (!settings.small_business || ['smallBusiness', 'exempt'].includes(definition.case)) ? code : undefined
  }
  const totals = { net: decimal(document.total_net), tax: decimal(document.tax_amount), gross: decimal(document.total_gross) ?? '0.00' }
  const breakdown = breakdownOf(values.tax_breakdown)
  const rate = rateOfDocument(breakdown, totals.net, totals.tax)
  // History picks accounts, the document picks rates: a code that contradicts the document's tax is passed over, even
  // one the confirmation took over from the supplier memory (a small business books VKU or V0 whatever it shows).
  const fits = (code: BookingSuggestion | undefined) =>
    fitsSide(code) && (settings.small_business || taxCodeFitsDocument(code!.value, rate, totals.tax)) ? code : undefined
  const counterCode = counter ? await taxCodeOfExpenseAccount(db, companyNo, Number(counter.value)) : undefined
  const taxCode = first(
    fits(entered('tax_code')),
    fits(fromLast(last?.lines[0]?.taxCode)),
    fits(offer(defaults.tax_code, 'supplierDefault')),
    fits(offer(kept?.taxCode, 'accountDefault')),
    fits(offer(counterCode, 'counterAccount')),
    offer(rate === undefined && !settings.small_business ? undefined : defaultTaxCode(side, rate ?? 0, { smallBusiness: settings.small_business }), 'rule'),
  )
  const invoiceDate = values.issue_date ?? ''
  const book = first(undefined, fromLast(last?.book), offer((await hasBook(db, companyNo, kind)) ? kind : undefined, 'rule'))
  const partyText = [document.party_name, document.invoice_number].filter(Boolean).join(' ')
  const settlement = entered('settlement_kind')
  const suggestions: Suggestions = {}
  const put = (field: SuggestedField, value: BookingSuggestion | undefined) => {
    if (value) suggestions[field] = value
  }
  put('account', account)
  put('counter_account', counter)
  put('tax_code', taxCode)
  put('cost_center', first(entered('cost_center'), fromLast(last?.cost_center), offer(defaults.cost_center, 'supplierDefault'), offer(kept?.costCenter, 'accountDefault')))
  put('period', await openPeriod(db, companyNo, entered('period'), invoiceDate))
  put('book', book)
  put('text', first(entered('accounting_text'), offer(partyText.slice(0, 200), 'rule')))
  put('business_lunch', entered('business_lunch'))
  put('business_lunch_reason', entered('business_lunch_reason'))
  put('business_lunch_participants', entered('business_lunch_participants'))
  put('settlement_kind', settlement)
  if (settlement?.value === SettlementKind.final_settlement && account) {
    const open = await openDownPayments(db, companyNo, Number(account.value))
    if (open !== '0.00') put('deducted', offer(open, 'supplierBooking'))
  }
  const context: BookingContext = { side, smallBusiness: settings.small_business, useGrossAmounts: settings.use_gross_amounts, totals }
  const newAccount = account || side !== 'input' ? null : await sellerAccount(db, companyNo, values)
  return { suggestions, suggested_lines: suggestedLines(taxCode?.value, context, breakdown, settings), settings, new_account: newAccount }
}

/** Days from one date (YYYY-MM-DD) to another, or null when either is missing. */
function daysBetween(from: string | undefined, to: string | undefined): number | null {
  if (!from || !to || !/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return null
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)
  return days >= 0 && days <= 365 ? days : null
}

/**
 * The supplier account the document's seller makes, prefilled for the panel's "new account": the next free supplier
 * number, the seller's name, UID (a UID that fails its check is offered with the check it fails), IBAN, the country of
 * the UID and the payment terms (days to the due date, the Skonto's rate and days). Null without a seller's name.
 */
async function sellerAccount(db: Knex, companyNo: number, values: Record<string, string | undefined>): Promise<NewAccount | null> {
  const name = values.seller_name?.trim()
  if (!name) return null
  const uid = values.seller_vat_id ? normalizeVatId(values.seller_vat_id) : null
  const country = uid && /^[A-Z]{2}/.test(uid) ? uid.slice(0, 2).replace('EL', 'GR') : null
  return {
    account: await nextSupplierNumber(db, companyNo),
    name: name.slice(0, 200),
    vat_id: uid,
    vat_id_check: uid ? (vatId(uid)?.key ?? null) : null,
    iban: values.iban ? normalizeIban(values.iban) : null,
    country,
    payment_days: daysBetween(values.issue_date, values.due_date),
    skonto_percent: values.skonto_percent ?? null,
    skonto_days: values.skonto_percent ? daysBetween(values.issue_date, values.skonto_due_date) : null,
  }
}

/**
 * The period to suggest, always an open one: the one entered on the document, else the invoice's month, when open;
 * for an invoice of a closed year this month (the open period it is booked in), else the first open month after the
 * invoice date. Never a month of a closed year.
 */
async function openPeriod(db: Knex, companyNo: number, entered: BookingSuggestion | undefined, invoiceDate: string): Promise<BookingSuggestion | undefined> {
  if (entered && (await isPeriodOpen(db, companyNo, entered.value))) return entered
  const month = /^\d{4}-\d{2}/.test(invoiceDate) ? invoiceDate.slice(0, 7) : undefined
  if (month && (await isPeriodOpen(db, companyNo, month))) return offer(month, 'rule')
  const today = viennaToday().slice(0, 7)
  if (!month || month <= today) {
    if (await isPeriodOpen(db, companyNo, today)) return offer(today, 'rule')
  }
  return offer(await firstOpenPeriodAfter(db, companyNo, month ?? today), 'rule')
}

const decimal = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))
