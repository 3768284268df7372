import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DataSource, DocumentStatus, hasStatus, viennaToday } from '../../packages/sdk/src/domain/index'
import type { DocumentBookingData } from '../../packages/sdk/src/services/index'
import { createI18n, translateMessage } from '../../packages/sdk/src/i18n/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { startTestServer, type TestServer } from '../support/server'
import { completeInvoice, uploadAndRead } from '../support/documents'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 12, booking on the server: a confirmed invoice is booked by staff (acc), every refusal changes nothing, the
// booked document is unalterable, the next invoice of the supplier gets suggestions from the first booking, and a
// reversal undoes a booking. Real server, real sockets, PGlite (or PostgreSQL with DATABASE_URL).

/** The refusal's message (key and parameters) as a screen translates it. */
const messageOf = (refusal: Awaited<ReturnType<typeof failure>>) => ({ key: refusal.data?.key ?? '', params: (refusal.data?.params ?? {}) as Record<string, string> })

const NO_ACCESS = { code: 403, data: { key: 'errors:access.forbidden' } }

describe('booking: book, refuse, suggest, reverse', () => {
  let server: TestServer
  let staff: UserSession
  let admin: UserSession
  let client: UserSession
  let counter = 0

  const newDocument = async (companyNo: number) =>
    uploadAndRead(server.url, staff, companyNo, `booking-${++counter}.pdf`, await supplierInvoicePdf(`BK-2026-${String(counter).padStart(4, '0')}`, '240,00'))

  const label = (id: number, field: string, value: string, version?: number) =>
    staff.client.service('document-labels').create({ document_id: id, field: field as never, value, ...(version === undefined ? {} : { version }) })

  /** A confirmed incoming invoice: 200.00 net + 40.00 tax (20 %) = 240.00; answers its version. */
  async function confirmedDocument(companyNo = 1002, confirm = true): Promise<{ id: number; version: number }> {
    const document = await newDocument(companyNo)
    let version = await completeInvoice(staff, document.id, document.version, `BK-${document.id}`)
    if (confirm) version = (await staff.client.service('document-confirmations').create({ document_id: document.id, version })).version
    return { id: document.id, version }
  }

  const bookingOf = (id: number, user = staff) => user.client.service('document-bookings').get(id)
  const book = (data: DocumentBookingData, user = staff) => user.client.service('document-bookings').create(data)
  const byHand = (id: number, version: number, overrides: Partial<DocumentBookingData> = {}): DocumentBookingData => ({
    document_id: id,
    version,
    account: 330001,
    counter_account: 5000,
    cost_center: '200',
    period: '2026-03',
    book: 'ER',
    text: 'Tischplatte Eiche',
    lines: [{ taxCode: 'V20', amount: '200.00' }],
    ...overrides,
  })

  /** Nothing changed: same version, not booked, no booking rows. */
  async function unchanged(id: number, version: number): Promise<void> {
    const state = await bookingOf(id)
    expect(state).toMatchObject({ version, booked: false, booking: null, bookings: [] })
  }

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    admin = await signInSession(server.url, 'admin@demo.portal')
    client = await signInSession(server.url, 'client@demo.portal')
  })
  afterAll(async () => {
    for (const session of [staff, admin, client]) session?.client.close()
    await server?.close()
  })

  it('refuses every broken rule with the field and the rule, and changes nothing', async () => {
    const open = await confirmedDocument(1002, false)
    expect(await failure(book(byHand(open.id, open.version)))).toMatchObject({ code: 409, data: { key: 'booking:refusal.notConfirmed' } })
    await unchanged(open.id, open.version)

    const { id, version } = await confirmedDocument()
    const cases: [Partial<DocumentBookingData>, number, string, string][] = [
      [{ version: version - 1 }, 409, 'documents:staleVersion', ''],
      [{ lines: [{ taxCode: 'V20', amount: '199.99' }] }, 400, 'booking:rule.sumMismatch', 'lines'],
      [{ lines: [{ taxCode: 'U20', amount: '200.00' }] }, 400, 'booking:rule.taxCodeSide', 'lines.0.taxCode'],
      [{ account: 200001 }, 400, 'booking:rule.accountSide', 'account'],
      [{ account: 339999 }, 400, 'errors:account.notFound', 'account'],
      [{ counter_account: 9999 }, 400, 'errors:account.notFound', 'counter_account'],
      [{ cost_center: '999' }, 400, 'booking:rule.costCenterUnknown', 'cost_center'],
      [{ book: 'XX' }, 400, 'booking:rule.bookUnknown', 'book'],
      [{ period: '2024-01' }, 400, 'booking:rule.periodClosed', 'period'],
      [{ business_lunch: true, business_lunch_participants: 'A. Berger' }, 400, 'booking:rule.lunchReason', 'business_lunch_reason'],
      [{ settlement_kind: 'down_payment', deducted: '10.00' }, 400, 'booking:rule.deductedOnlyFinal', 'deducted'],
    ]
    for (const [overrides, code, key, field] of cases) {
      const refusal = await failure(book(byHand(id, version, overrides)))
      expect(refusal, key).toMatchObject({ code, data: { key } })
      if (field) expect(refusal.data?.params?.field, key).toBe(field)
    }
    // Without acc (the client has 1002 but not acc) and for a foreign company (1001 is not the client's).
    expect(await failure(book(byHand(id, version), client))).toMatchObject(NO_ACCESS)
    const foreign = await confirmedDocument(1001)
    expect(await failure(book(byHand(foreign.id, foreign.version), client))).toMatchObject(NO_ACCESS)
    expect(await failure(bookingOf(foreign.id, client))).toMatchObject(NO_ACCESS)
    await unchanged(id, version)
  })

  it('books a confirmed invoice: Human_Booking values, the Booked flag, a numbered booking, history; then it is unalterable', async () => {
    const { id, version } = await confirmedDocument()
    const answer = await book(byHand(id, version))
    expect(answer.booked).toBe(true)
    expect(answer.version).toBeGreaterThan(version)
    expect(answer.booking).toMatchObject({
      kind: 'booking',
      account: 330001,
      counter_account: 5000,
      cost_center: '200',
      period: '2026-03',
      book: 'ER',
      gross: '240.00',
      document_number: `BK-${id}`,
      document_date: '2026-03-12',
      lines: [{ taxCode: 'V20', rate: '20', net: '200.00', tax: '40.00', gross: '240.00' }],
    })
    expect(answer.booking?.booking_no).toBeGreaterThan(0)

    const fields = await staff.client.service('document-fields').get(id)
    expect(hasStatus(fields.document.status, DocumentStatus.Booked)).toBe(true)
    const current = (field: string) => fields.fields.find((f) => f.field === field)?.current
    for (const field of ['account_number', 'counter_account', 'tax_code', 'cost_center', 'period', 'accounting_text']) {
      expect(current(field)?.source, field).toBe(DataSource.Human_Booking)
    }
    expect(current('counter_account')?.value).toBe('5000')
    const history = await staff.client.service('document-history').find({ query: { document_id: id } })
    expect(history.data.filter((entry) => entry.action === 'book').map((entry) => entry.field)).toEqual(
      expect.arrayContaining([null, 'account_number', 'counter_account', 'tax_code']),
    )

    // Unalterable: booking again, labels, confirmation and the trash are all refused.
    const booked = answer.version
    const refusals = await Promise.all([
      failure(book(byHand(id, booked))),
      failure(label(id, 'invoice_number', 'CHANGED', booked)),
      failure(staff.client.service('document-confirmations').create({ document_id: id, version: booked })),
      failure(staff.client.service('document-trash').create({ document_id: id, version: booked })),
    ])
    for (const refusal of refusals) expect(refusal).toMatchObject({ code: 409, data: { key: 'documents:bookedCannotChange' } })
    expect((await bookingOf(id)).version).toBe(booked)
  })

  it('books the Skonto read from the terms: the open item offers it by its date; a rate out of range is refused', async () => {
    const terms = 'Zahlbar innerhalb von 10 Tagen mit 2,5 % Skonto oder 30 Tage netto.'
    const document = await uploadAndRead(server.url, staff, 1002, `booking-skonto-${++counter}.pdf`, await supplierInvoicePdf('BK-SKONTO', '240,00', undefined, terms))
    const read = async (field: string) => (await staff.client.service('document-fields').get(document.id)).fields.find((f) => f.field === field)?.current?.value
    expect(await read('skonto_percent')).toBe('2.5')
    expect(await read('skonto_due_date')).toBe('2026-03-22')
    expect(await read('due_date')).toBe('2026-04-11')

    // A rate of 100 % or more is no Skonto: refused with the field and the rule, nothing changed.
    const refusal = await failure(label(document.id, 'skonto_percent', '100', document.version))
    expect(refusal).toMatchObject({ code: 400, data: { key: 'validation:percent', params: { field: 'skonto_percent' } } })
    expect(await read('skonto_percent')).toBe('2.5')

    let version = await completeInvoice(staff, document.id, document.version, `BK-${document.id}`)
    version = (await staff.client.service('document-confirmations').create({ document_id: document.id, version })).version
    const answer = await book(byHand(document.id, version))
    expect(answer.booking).toMatchObject({ due_date: '2026-04-11', discount_percent: '2.50', discount_due_date: '2026-03-22' })

    // The unpaid items offer 2.5 % of 240.00 until the Skonto date, and no more after it.
    const open = async (today: string) =>
      (await staff.client.service('unpaid-items').find({ query: { client: 1002, side: 'ER', search: `BK-${document.id}`, today } })).data
    expect(await open('2026-03-20')).toEqual([expect.objectContaining({ discount_percent: '2.50', discount: '6.00', discount_applies: true })])
    expect(await open('2026-03-23')).toEqual([expect.objectContaining({ discount_applies: false })])
  })

  it("suggests the next invoice of the supplier from the first one's booking, so it books with the suggestions", async () => {
    const first = await confirmedDocument(1003)
    await book(byHand(first.id, first.version, { counter_account: 7200, cost_center: '300' }))
    const second = await confirmedDocument(1003)
    const state = await bookingOf(second.id)
    expect(state.suggestions).toMatchObject({
      account: { value: '330001', source: 'supplierDefault' },
      counter_account: { value: '7200', source: 'supplierBooking' },
      tax_code: { value: 'V20', source: 'supplierBooking' },
      cost_center: { value: '300', source: 'supplierBooking' },
      period: { value: '2026-03', source: 'rule' },
    })
    expect(state.suggested_lines).toEqual([{ taxCode: 'V20', amount: '200.00' }])
    const { suggestions: s } = state
    const answer = await book({
      document_id: second.id,
      version: state.version,
      account: Number(s.account?.value),
      counter_account: Number(s.counter_account?.value),
      cost_center: s.cost_center?.value,
      period: s.period?.value ?? '',
      book: s.book?.value,
      lines: state.suggested_lines,
    })
    expect(answer.booking).toMatchObject({ account: 330001, counter_account: 7200, cost_center: '300' })
  })

  it('books gross amounts and a small business without input tax as the company settings say', async () => {
    // 1005 is a small business booking gross amounts: V20 is refused, VKU books the whole gross as cost.
    const small = await confirmedDocument(1005)
    const refusal = await failure(book(byHand(small.id, small.version, { lines: [{ taxCode: 'V20', amount: '240.00' }] })))
    expect(refusal).toMatchObject({ code: 400, data: { key: 'booking:rule.smallBusinessTax', params: { field: 'lines.0.taxCode' } } })
    const answer = await book(byHand(small.id, small.version, { lines: [{ taxCode: 'VKU', amount: '240.00' }] }))
    expect(answer.booking?.lines).toEqual([{ taxCode: 'VKU', rate: '0', net: '240.00', tax: '0.00', gross: '240.00' }])

    // An administrator switches 1003 to gross amounts: the line's amount is now the gross.
    await admin.client.service('company-settings').patch(1003, { use_gross_amounts: true })
    const gross = await confirmedDocument(1003)
    expect((await bookingOf(gross.id)).suggested_lines[0]?.amount).toBe('240.00')
    const booked = await book(byHand(gross.id, gross.version, { lines: [{ taxCode: 'V20', amount: '240.00' }] }))
    expect(booked.booking?.lines[0]).toMatchObject({ net: '200.00', tax: '40.00', gross: '240.00' })
    await admin.client.service('company-settings').patch(1003, { use_gross_amounts: false })
  })

  it('suggests deducting the down payments booked before on a final settlement', async () => {
    // 1004 books gross amounts.
    const down = await confirmedDocument(1004)
    await book(byHand(down.id, down.version, { settlement_kind: 'down_payment', lines: [{ taxCode: 'V20', amount: '240.00' }] }))
    const open = await confirmedDocument(1004, false)
    const labelled = await label(open.id, 'settlement_kind', 'final_settlement', open.version)
    const version = (await staff.client.service('document-confirmations').create({ document_id: open.id, version: labelled.version })).version
    const state = await bookingOf(open.id)
    expect(state.suggestions).toMatchObject({
      settlement_kind: { value: 'final_settlement', source: 'document' },
      deducted: { value: '240.00', source: 'supplierBooking' },
    })
    const final = await book(byHand(open.id, version, { settlement_kind: 'final_settlement', deducted: '240.00', lines: [{ taxCode: 'V20', amount: '240.00' }] }))
    expect(final.booking).toMatchObject({ settlement_kind: 'final_settlement', deducted: '240.00' })
    // After the final settlement nothing is left to deduct.
    const next = await confirmedDocument(1004, false)
    const again = await label(next.id, 'settlement_kind', 'final_settlement', next.version)
    await staff.client.service('document-confirmations').create({ document_id: next.id, version: again.version })
    expect((await bookingOf(next.id)).suggestions.deducted).toBeUndefined()
  })

  it('reverses a booking with a reason: a negated reversal row, Booked cleared, the history, changeable again', async () => {
    const { id, version } = await confirmedDocument()
    const booked = await book(byHand(id, version))
    expect(await failure(staff.client.service('document-bookings').patch(id, { version: booked.version } as never))).toMatchObject({ code: 400 })
    expect(await failure(client.client.service('document-bookings').patch(id, { version: booked.version, reason: 'wrong account' }))).toMatchObject(NO_ACCESS)
    expect(await failure(staff.client.service('document-bookings').patch(id, { version: booked.version - 1, reason: 'wrong account' }))).toMatchObject({
      code: 409,
      data: { key: 'documents:staleVersion' },
    })

    const reversed = await staff.client.service('document-bookings').patch(id, { version: booked.version, reason: 'wrong counter account' })
    expect(reversed.booked).toBe(false)
    expect(reversed.booking).toBeNull()
    expect(reversed.bookings.map((row) => row.kind)).toEqual(['booking', 'reversal'])
    const reversal = reversed.bookings[1]
    expect(reversal).toMatchObject({ reverses_booking_id: booked.booking?.id, gross: '-240.00', text: 'wrong counter account' })
    expect(reversal.lines).toEqual([{ taxCode: 'V20', rate: '20', net: '-200.00', tax: '-40.00', gross: '-240.00' }])
    expect(reversal.booking_no).toBeGreaterThan(booked.booking?.booking_no ?? 0)
    const history = await staff.client.service('document-history').find({ query: { document_id: id } })
    expect(history.data[0]).toMatchObject({ action: 'reverse', old_value: String(booked.booking?.booking_no), new_value: 'wrong counter account' })

    // Changeable again: a correction outranks the booked value, and the document books anew.
    const corrected = await label(id, 'counter_account', '7200', reversed.version)
    const fields = await staff.client.service('document-fields').get(id)
    expect(fields.fields.find((f) => f.field === 'counter_account')?.current?.value).toBe('7200')
    expect(await failure(staff.client.service('document-bookings').patch(id, { version: corrected.version, reason: 'again' }))).toMatchObject({
      code: 409,
      data: { key: 'booking:refusal.notBooked' },
    })
    const again = await book(byHand(id, corrected.version, { counter_account: 7200 }))
    expect(again.booking).toMatchObject({ counter_account: 7200 })
    expect(again.bookings.map((row) => row.kind)).toEqual(['booking', 'reversal', 'booking'])
  })

  it('never suggests a tax code that contradicts the document, nor a period of a closed year (issue 31)', async () => {
    // The supplier's last booking in 1002 is a 10 % invoice (218.18 + 21.82 = 240.00) booked with V10 on 7200.
    const tenPercent = await newDocument(1002)
    let version = tenPercent.version
    for (const [field, value] of [
      ['invoice_number', `BK-10-${tenPercent.id}`],
      ['issue_date', '2026-03-12'],
      ['total_net', '218.18'],
      ['total_tax', '21.82'],
      ['total_gross', '240.00'],
      ['tax_breakdown', '[{"basis":"218.18","rate":"10","tax":"21.82"}]'],
    ]) version = (await label(tenPercent.id, field, value, version)).version
    version = (await staff.client.service('document-confirmations').create({ document_id: tenPercent.id, version })).version
    await book(byHand(tenPercent.id, version, { counter_account: 7200, lines: [{ taxCode: 'V10', amount: '218.18' }] }))

    // The next invoice is 20 % and dated in a closed year (2024): history picks the accounts, the document the rate,
    // and the period is an open one (this month), never 2024-11.
    const next = await confirmedDocument(1002, false)
    const dated = await label(next.id, 'issue_date', '2024-11-20', next.version)
    const confirmed = await staff.client.service('document-confirmations').create({ document_id: next.id, version: dated.version })
    const state = await bookingOf(next.id)
    expect(state.suggestions.counter_account).toMatchObject({ value: '7200', source: 'supplierBooking' })
    expect(state.suggestions.tax_code?.value).toBe('V20')
    expect(state.suggestions.tax_code?.source).not.toBe('supplierBooking')
    expect(state.suggested_lines).toEqual([{ taxCode: 'V20', amount: '200.00' }])
    expect(state.suggestions.period?.value).toBe(viennaToday().slice(0, 7))

    // The first "Book" with the suggestions goes through.
    const { suggestions: s } = state
    const answer = await book({
      document_id: next.id,
      version: confirmed.version,
      account: Number(s.account?.value),
      counter_account: Number(s.counter_account?.value),
      period: s.period?.value ?? '',
      book: s.book?.value,
      lines: state.suggested_lines,
    })
    expect(answer.booking).toMatchObject({ counter_account: 7200, period: viennaToday().slice(0, 7), lines: [{ taxCode: 'V20', net: '200.00', tax: '40.00' }] })
  })

  it('a refusal of lines that do not add up names the amount it expected, net or gross by the setting, in both languages (issue 31)', async () => {
    // 1002 books net amounts: entering the gross 240.00 is refused with the net 200.00 it expected.
    const net = await confirmedDocument(1002)
    const refusal = await failure(book(byHand(net.id, net.version, { lines: [{ taxCode: 'V20', amount: '240.00' }] })))
    expect(refusal).toMatchObject({ code: 400, data: { key: 'booking:rule.sumMismatch', params: { field: 'lines', total: 'gross', context: 'net', enter: '200.00' } } })
    const en = createI18n({ lng: 'en' }).getFixedT('en')
    const de = createI18n({ lng: 'de' }).getFixedT('de')
    expect(translateMessage(en, messageOf(refusal))).toBe(
      'The tax lines add up to gross 288.00, the document says 240.00. This company books net amounts: enter each line\'s net amount, together 200.00',
    )
    expect(translateMessage(de, messageOf(refusal))).toBe(
      'Die Steuerzeilen ergeben brutto 288,00, der Beleg sagt 240,00. Dieser Klient bucht Nettobeträge: geben Sie je Zeile den Nettobetrag ein, zusammen 200,00',
    )
    // 1004 books gross amounts: entering the net 200.00 is refused with the gross 240.00 it expected.
    const gross = await confirmedDocument(1004)
    const grossRefusal = await failure(book(byHand(gross.id, gross.version, { lines: [{ taxCode: 'V20', amount: '200.00' }] })))
    expect(grossRefusal.data?.params).toMatchObject({ total: 'gross', context: 'gross', enter: '240.00' })
    expect(translateMessage(en, messageOf(grossRefusal))).toContain('This company books gross amounts: enter each line\'s gross amount, together 240.00')
    await unchanged(gross.id, gross.version)
  })
})
