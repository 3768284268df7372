import type { Knex } from 'knex'
import { BadRequest, Conflict } from '@feathersjs/errors'
import {
  DataSource,
  DocumentStatus,
  HistoryAction,
  bookLines,
  checkAccountSide,
  checkBusinessLunch,
  checkSettlement,
  hasStatus,
  isPeriod,
  TaxCase,
  taxCodeDefinition,
  taxSideOfDocumentType,
  type BookedLine,
  type BookingIssue,
} from '@portal/sdk/domain'
import { errorData } from '@portal/sdk/errors'
import type { DocumentBookingData, SessionUser } from '@portal/sdk/services'
import type { Application } from '../declarations'
import { bookingSettingsOf, hasBook, hasCostCenter, isPeriodOpen } from '../models/accounting-setup'
import { insertBooking, type BookingRow } from '../models/bookings'
import { insertCandidates } from '../models/document-candidates'
import { documentNoAccess, type DocumentRow } from '../models/documents/index'
import { rememberDefaults } from '../models/supplier-memory'
import { actorOf } from '../models/users'
import { matchRequestedReceipts } from './requests/matchRequestedReceipt'
import { supplierKeysOf } from '../extraction/memory/supplier-memory'
import { aggregateDocument } from './aggregateDocument'
import { assertAccountExists } from './assertAccountExists'

/** Props of bookDocument. */
export interface BookDocumentProps {
  app: Application
  user?: SessionUser
  data: DocumentBookingData
}

/** The refusal to book a document nobody confirmed yet. */
function notConfirmed(id: number): Conflict {
  return new Conflict(`Document ${id} is not confirmed`, errorData('booking:refusal.notConfirmed', { id, field: 'status', rule: 'confirmed' }))
}

/** The refusal of a booking that breaks rules: the first names field and rule, all travel in params.issues. */
function bookingRefused(issues: readonly BookingIssue[]): BadRequest {
  const [first] = issues
  return new BadRequest(`Booking refused: ${issues.map((i) => `${i.field} (${i.params.rule})`).join(', ')}`, {
    key: first.key,
    params: { ...first.params, issues: [...issues] },
  })
}

const refusedValue = (field: string, rule: string, value: string): BadRequest =>
  new BadRequest(`Field "${field}": ${value} (${rule})`, errorData(`booking:rule.${rule}`, { field, rule, value }))

/** A date column as YYYY-MM-DD (PGlite and pg hand dates back as local midnight). */
function isoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}
const decimal = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

/** Every rule of SPEC §3 and issue 12 the booking must keep; answers the booked lines or throws, before anything is written. */
async function checkedLines(trx: Knex.Transaction, document: DocumentRow, data: DocumentBookingData): Promise<BookedLine[]> {
  const companyNo = document.company_no
  const side = taxSideOfDocumentType(document.document_type)
  const settings = await bookingSettingsOf(trx, companyNo)
  const gross = decimal(document.total_gross)
  const issues: BookingIssue[] = []
  if (gross === null) issues.push({ field: 'total_gross', key: 'booking:rule.totalsMissing', params: { field: 'total_gross', rule: 'totalsMissing' } })
  if (!isPeriod(data.period) || !(await isPeriodOpen(trx, companyNo, data.period))) {
    issues.push({ field: 'period', key: 'booking:rule.periodClosed', params: { field: 'period', rule: 'periodClosed', period: data.period } })
  }
  const booked = bookLines(data.lines, {
    side,
    smallBusiness: settings.small_business,
    useGrossAmounts: settings.use_gross_amounts,
    totals: { net: decimal(document.total_net), tax: decimal(document.tax_amount), gross: gross ?? '0.00' },
  })
  issues.push(...booked.issues)
  const accountSide = checkAccountSide(data.account, side)
  if (accountSide) issues.push(accountSide)
  const settlement = checkSettlement(data.settlement_kind ?? null, data.deducted ?? null, gross ?? '0.00')
  if (settlement) issues.push(settlement)
  issues.push(
    ...checkBusinessLunch({ business_lunch: data.business_lunch ?? false, reason: data.business_lunch_reason, participants: data.business_lunch_participants }),
  )
  if (issues.length > 0) throw bookingRefused(issues)
  await assertAccountExists(trx, companyNo, 'account', 'account', String(data.account))
  await assertAccountExists(trx, companyNo, 'counter_account', 'counterAccount', String(data.counter_account))
  if (data.cost_center && !(await hasCostCenter(trx, companyNo, data.cost_center))) throw refusedValue('cost_center', 'costCenterUnknown', data.cost_center)
  if (data.book && !(await hasBook(trx, companyNo, data.book))) throw refusedValue('book', 'bookUnknown', data.book)
  return booked.lines
}

/**
 * The booked lines as the document's tax breakdown, which states what the invoice shows (the review compares it with
 * the invoice's totals): a self-assessed line (reverse charge, intra-community acquisition) at no tax, as the invoice
 * has it, the tax it owes staying in the booking. A line of foreign VAT books the gross as the cost, which is not what
 * the invoice breaks down, so such a booking leaves the confirmed breakdown as it is (undefined).
 */
function invoiceBreakdown(lines: readonly BookedLine[]): string | undefined {
  const definitions = lines.map((line) => taxCodeDefinition(line.taxCode))
  if (definitions.some((definition) => definition?.case === TaxCase.foreignVat)) return undefined
  return JSON.stringify(
    lines.map((line, index) => (definitions[index]?.selfAssessed ? { basis: line.net, rate: '0', tax: '0.00' } : { basis: line.net, rate: line.rate, tax: line.tax })),
  )
}

/** The document fields a booking sets, as Human_Booking candidates (values in the form document-labels stores). */
function bookedValues(data: DocumentBookingData, lines: readonly BookedLine[]): Record<string, string> {
  const values: Record<string, string> = {
    account_number: String(data.account),
    counter_account: String(data.counter_account),
    tax_code: lines[0].taxCode,
    period: data.period,
    business_lunch: String(data.business_lunch ?? false),
  }
  const breakdown = invoiceBreakdown(lines)
  if (breakdown) values.tax_breakdown = breakdown
  if (data.cost_center) values.cost_center = data.cost_center
  if (data.text) values.accounting_text = data.text
  if (data.business_lunch_reason) values.business_lunch_reason = data.business_lunch_reason
  if (data.business_lunch_participants) values.business_lunch_participants = data.business_lunch_participants
  if (data.settlement_kind) values.settlement_kind = data.settlement_kind
  return values
}

/**
 * The supplier memory learns the booked account, cost centre and tax code for this supplier's next invoice (as
 * teachSupplier does for a person's label), in the booking's transaction; a supplier that cannot be told learns nothing.
 */
async function teachBooking(trx: Knex.Transaction, document: DocumentRow, booked: Record<string, string>): Promise<void> {
  // The row holds the current values (aggregateDocument keeps it so): the partner's VAT id, IBAN and name.
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const partner = text(document.party_name)
  const values = { seller_vat_id: text(document.seller_vat_id), buyer_vat_id: text(document.buyer_vat_id), iban: text(document.iban), seller_name: partner, buyer_name: partner }
  const key = supplierKeysOf(values, document.document_type)[0]
  if (!key) return
  const taught: Partial<Record<'account_number' | 'cost_center' | 'tax_code', string>> = {}
  for (const field of ['account_number', 'cost_center', 'tax_code'] as const) if (booked[field]) taught[field] = booked[field]
  await rememberDefaults(trx, document.company_no, key, taught)
}

/**
 * An accountant books a confirmed document (SPEC §6 `acc`): the values are checked (lines per tax rate summing to the
 * totals to the cent, the company's small-business and gross/net settings, account side, open period, existing
 * accounts, cost centre and book), each becomes a Human_Booking 13 candidate, a booking row with the company's next
 * booking number is appended, the document gets the Booked flag and the supplier memory learns the booking, all in
 * one transaction with its history. From then on the document is unalterable until a reversal.
 */
export async function bookDocument(props: BookDocumentProps): Promise<{ document: DocumentRow; booking: BookingRow }> {
  const { app, data } = props
  const documentId = data.document_id
  const knex = app.get('knex')
  const actor = await actorOf(knex, props.user)
  let booking: BookingRow | undefined
  // Filled by write: the history records every booked value, also one that equals the confirmed value.
  const touched: string[] = []
  const document = await aggregateDocument({
    app,
    documentId,
    expectedVersion: data.version,
    live: true,
    action: HistoryAction.book,
    actor,
    write: async (trx, current) => {
      if (!hasStatus(Number(current.status), DocumentStatus.Confirmed)) throw notConfirmed(documentId)
      const lines = await checkedLines(trx, current, data)
      const values = bookedValues(data, lines)
      touched.push(...Object.keys(values))
      await teachBooking(trx, current, values)
      await insertCandidates(
        trx,
        documentId,
        Object.entries(values).map(([field, value]) => ({ field, value, source: DataSource.Human_Booking, confidence: 1, created_by: actor.id })),
      )
      booking = await insertBooking(trx, {
        document_id: documentId,
        company_no: current.company_no,
        kind: 'booking',
        reverses_booking_id: null,
        document_type: current.document_type,
        account: data.account,
        counter_account: data.counter_account,
        cost_center: data.cost_center ?? null,
        period: data.period,
        book: data.book ?? current.document_type,
        document_number: (current.invoice_number as string | null) ?? null,
        document_date: isoDate(current.invoice_date) ?? isoDate(new Date())!,
        booking_date: isoDate(new Date())!,
        due_date: isoDate(current.due_date),
        discount_percent: decimal(current.discount_percent),
        discount_due_date: isoDate(current.discount_due_date),
        currency: String(current.currency ?? 'EUR'),
        exchange_rate: null,
        text: data.text ?? null,
        gross: decimal(current.total_gross) ?? '0.00',
        lines,
        settlement_kind: data.settlement_kind ?? null,
        deducted: data.deducted ?? null,
        business_lunch: data.business_lunch ?? false,
        business_lunch_reason: data.business_lunch_reason ?? null,
        business_lunch_participants: data.business_lunch_participants ?? null,
        created_by: actor.id,
        created_by_name: actor.name,
      })
    },
    touched,
    // Set in the same statement as the values, so no one sees them apart.
    changes: { status: knex.raw('status | ?', [DocumentStatus.Booked]), booked_at: knex.fn.now() },
    documentEntry: () => ({ field: null, old_value: null, new_value: String(booking?.booking_no ?? ''), source: DataSource.Human_Booking }),
  })
  if (!document || !booking) throw documentNoAccess()
  // A receipt the company uploaded for a requested bank transaction settles it now that it is booked.
  await matchRequestedReceipts({ app, user: props.user, documentId })
  return { document, booking }
}
