import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unzipSync } from 'fflate'
import { parse } from 'csv-parse/sync'
import type { DocumentBookingData, DocumentRecord, ErpExportBatch, ErpExportCheck, KerReport } from '../../packages/sdk/src/services/index'
import { erpExportHttpPaths } from '../../packages/sdk/src/services/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { checkBmdFile } from '../support/bmd-checker'
import { checkDatevFile } from '../support/datev-checker'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, uploadResults, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 31, an Austrian month booked right, through the real server (sockets, HTTP, PGlite or PostgreSQL): one client
// (1002) with a domestic invoice at 20/13/10 % with Skonto terms, an EU reverse-charge service, an intra-community
// acquisition, a German invoice with 19 % VAT, a UK supplier's invoice, a Kleinunternehmer's invoice and a cash receipt
// are confirmed, booked and exported to BMD and DATEV without a refusal; both files pass our strict checkers written
// from BMD's and DATEV's published field descriptions (tests/support/bmd-checker.ts, datev-checker.ts).

interface Case {
  name: string
  type?: 'er_u' | 'ka'
  values: Record<string, string>
  lines: DocumentBookingData['lines']
  book?: string
}

const breakdown = (...lines: [string, string, string][]) => JSON.stringify(lines.map(([basis, rate, tax]) => ({ basis, rate, tax })))

const MONTH: Case[] = [
  {
    name: 'domestic',
    values: {
      issue_date: '2026-03-02',
      total_net: '180.00',
      total_tax: '29.50',
      total_gross: '209.50',
      tax_breakdown: breakdown(['100.00', '20', '20.00'], ['50.00', '13', '6.50'], ['30.00', '10', '3.00']),
      due_date: '2026-04-01',
      skonto_percent: '2',
      skonto_due_date: '2026-03-16',
    },
    lines: [
      { taxCode: 'V20', amount: '100.00' },
      { taxCode: 'V13', amount: '50.00' },
      { taxCode: 'V10', amount: '30.00' },
    ],
  },
  {
    name: 'eu-reverse-charge',
    values: { issue_date: '2026-03-03', total_net: '233.00', total_tax: '0.00', total_gross: '233.00', tax_breakdown: breakdown(['233.00', '0', '0.00']), seller_vat_id: 'DE136695976' },
    lines: [{ taxCode: 'VRC20', amount: '233.00' }],
  },
  {
    name: 'acquisition',
    values: { issue_date: '2026-03-04', total_net: '500.00', total_tax: '0.00', total_gross: '500.00', tax_breakdown: breakdown(['500.00', '0', '0.00']), seller_vat_id: 'NL004495445B01' },
    lines: [{ taxCode: 'VIG20', amount: '500.00' }],
  },
  {
    name: 'german-19',
    values: {
      issue_date: '2026-03-05',
      total_net: '100.00',
      total_tax: '19.00',
      total_gross: '119.00',
      tax_breakdown: breakdown(['100.00', '19', '19.00']),
      seller_vat_id: 'DE136695976',
    },
    lines: [{ taxCode: 'VAUS', amount: '119.00' }],
  },
  {
    name: 'uk',
    values: { issue_date: '2026-03-06', total_net: '80.00', total_tax: '0.00', total_gross: '80.00', tax_breakdown: breakdown(['80.00', '0', '0.00']), seller_vat_id: 'GB123456789' },
    lines: [{ taxCode: 'VRC20', amount: '80.00' }],
  },
  {
    name: 'kleinunternehmer',
    values: { issue_date: '2026-03-09', total_net: '90.00', total_tax: '0.00', total_gross: '90.00', tax_breakdown: breakdown(['90.00', '0', '0.00']), small_business: 'true', seller_vat_id: 'ATU13585627' },
    lines: [{ taxCode: 'VKU', amount: '90.00' }],
  },
  {
    name: 'cash',
    type: 'ka',
    values: { issue_date: '2026-03-10', total_net: '20.00', total_tax: '4.00', total_gross: '24.00', tax_breakdown: breakdown(['20.00', '20', '4.00']) },
    lines: [{ taxCode: 'V20', amount: '20.00' }],
    book: 'KA',
  },
]

describe('an Austrian month for one client: booked and exported to BMD and DATEV, both files pass the strict checkers', () => {
  let server: TestServer
  let staff: UserSession
  let admin: UserSession
  let counter = 0
  const booked = new Map<string, { id: number; bookingNo: number; bookingId: number }>()
  // March's material line (account 5000) of the demo data before this month was booked, on each basis.
  const before = { accrual: { march: 0, april: 0 }, cash: { march: 0, april: 0 } }
  const material = async (): Promise<{ basis: string; march: number; april: number }> => {
    const of = (report: KerReport) => report.rows.find((row) => row.line === 'material')!.currentCents
    const query = { client: 1002, year: 2026, granularity: 'month' as const }
    const march = await staff.client.service('ker-report').find({ query: { ...query, index: 3 } })
    const april = await staff.client.service('ker-report').find({ query: { ...query, index: 4 } })
    return { basis: march.basis, march: of(march), april: of(april) }
  }
  const cashBasis = (cash_basis: boolean) => admin.client.service('company-settings').patch(1002, { cash_basis })

  async function upload(name: string, type: 'er_u' | 'ka'): Promise<DocumentRecord> {
    const file = `month-${++counter}-${name}.pdf`
    const documents = staff.client.service('documents')
    const done = new Promise<DocumentRecord>((resolve) => {
      const handler = (record: DocumentRecord) => {
        if (record.file_name === file && record.processing_state === 'done') {
          documents.removeListener('patched', handler)
          resolve(record)
        }
      }
      documents.on('patched', handler)
    })
    const bytes = await supplierInvoicePdf(`M-2026-${counter}`, '100,00')
    const [result] = await uploadResults(await uploadFiles(server.url, staff.token, 1002, [{ name: file, bytes }], type))
    if (result?.status !== 'uploaded') throw new Error(`${file}: ${JSON.stringify(result)}`)
    return done
  }

  /** Labels the case's values, confirms and answers the document id and version. */
  async function confirmed(entry: Case): Promise<{ id: number; version: number }> {
    const document = await upload(entry.name, entry.type ?? 'er_u')
    let version = document.version
    for (const [field, value] of Object.entries({ invoice_number: `M-${entry.name}`, ...entry.values })) {
      version = (await staff.client.service('document-labels').create({ document_id: document.id, field: field as never, value, version })).version
    }
    version = (await staff.client.service('document-confirmations').create({ document_id: document.id, version })).version
    return { id: document.id, version }
  }

  async function book(entry: Case): Promise<void> {
    const { id, version } = await confirmed(entry)
    const answer = await staff.client.service('document-bookings').create({
      document_id: id,
      version,
      account: 330001,
      counter_account: 5000,
      period: '2026-03',
      book: entry.book ?? 'ER',
      text: `Monat ${entry.name}`,
      lines: entry.lines,
    })
    booked.set(entry.name, { id, bookingNo: answer.booking!.booking_no, bookingId: answer.booking!.id })
  }

  /** The booking file of a new batch of March; the batch is revoked again so the next format can take the same bookings. */
  async function exportFile(format: 'bmd' | 'datev'): Promise<Uint8Array> {
    const batch = (await staff.client.service('erp-exports').create({ client_no: 1002, format, period: '2026-03' })) as ErpExportBatch
    const response = await fetch(`${server.url}${erpExportHttpPaths.download(batch.id)}`, { headers: { authorization: `Bearer ${staff.token}` } })
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()))
    await staff.client.service('erp-exports').remove(batch.id)
    const name = format === 'bmd' ? 'buchungen-bmd.csv' : 'EXTF_Buchungsstapel.csv'
    return zip[name]!
  }

  beforeAll(async () => {
    server = await startTestServer()
    staff = await signInSession(server.url, 'staff@demo.portal')
    admin = await signInSession(server.url, 'admin@demo.portal')
    await admin.client.service('erp-settings').patch(1002, { datev_consultant_no: 29098, datev_client_no: 55003 })
    before.accrual = await material()
    await cashBasis(true)
    before.cash = await material()
    await cashBasis(false)
  })
  afterAll(async () => {
    for (const session of [staff, admin]) session?.client.close()
    await server?.close()
  })

  it('confirms a UK supplier’s invoice with GB123456789 (checked by its published format, not by an EU rule)', async () => {
    const uk = MONTH.find((entry) => entry.name === 'uk')!
    const { id } = await confirmed(uk)
    const fields = await staff.client.service('document-fields').get(id)
    expect(fields.issues.filter((issue) => issue.field === 'seller_vat_id')).toEqual([])
    // A UK id that does not have HMRC's form is still refused, naming the country.
    const open = await upload('uk-wrong', 'er_u')
    const refused = await failure(staff.client.service('document-labels').create({ document_id: open.id, field: 'seller_vat_id', value: 'GB12345', version: open.version }))
    expect(refused).toMatchObject({ code: 400, data: { key: 'validation:vatId.invalidForCountry', params: expect.objectContaining({ country: 'GB' }) } })
  })

  it('books a German invoice with 19 % VAT: the foreign VAT is no input tax, the gross goes to expense', async () => {
    const german = MONTH.find((entry) => entry.name === 'german-19')!
    const { id, version } = await confirmed(german)
    // V0 with the gross does not fit the invoice's net and tax; VAUS books the gross as the cost.
    const refused = await failure(
      staff.client.service('document-bookings').create({ document_id: id, version, account: 330001, counter_account: 5000, period: '2026-03', book: 'ER', lines: [{ taxCode: 'V0', amount: '119.00' }] }),
    )
    expect(refused).toMatchObject({ code: 400, data: { key: 'booking:rule.sumMismatch' } })
    const answer = await staff.client.service('document-bookings').create({
      document_id: id, version, account: 330001, counter_account: 5000, period: '2026-03', book: 'ER', lines: german.lines,
    })
    expect(answer.booking?.lines).toEqual([{ taxCode: 'VAUS', rate: '0', net: '119.00', tax: '0.00', gross: '119.00' }])
    const line = (await staff.client.service('tax-codes').get('VAUS'))
    expect(line).toMatchObject({ side: 'input', case: 'foreignVat', bmdSteuercode: '0', datevBu: '', defaultBmdSource: 'default', defaultDatevSource: 'default' })
    booked.set(german.name, { id, bookingNo: answer.booking!.booking_no, bookingId: answer.booking!.id })
    // The invoice's own breakdown (19 % German VAT) stays, so the booked document shows no mismatch either.
    expect((await staff.client.service('document-fields').get(id)).issues).toEqual([])
  })

  it('a booked reverse-charge document no longer warns that its totals do not match: the invoice states no tax', async () => {
    const rc = MONTH.find((entry) => entry.name === 'eu-reverse-charge')!
    await book(rc)
    const fields = await staff.client.service('document-fields').get(booked.get(rc.name)!.id)
    expect(fields.issues).toEqual([])
    const bookingState = await staff.client.service('document-bookings').get(booked.get(rc.name)!.id)
    expect(bookingState.booking?.lines).toEqual([{ taxCode: 'VRC20', rate: '20', net: '233.00', tax: '46.60', gross: '233.00' }])
  })

  it('books the rest of the month and exports it to BMD and DATEV without a refusal; both files pass the strict checkers', async () => {
    for (const entry of MONTH) if (!booked.has(entry.name)) await book(entry)
    expect(booked.size).toBe(MONTH.length)
    for (const format of ['bmd', 'datev'] as const) {
      const check = (await staff.client.service('erp-exports').create({ client_no: 1002, format, period: '2026-03', dry_run: true })) as ErpExportCheck
      expect(check.refusals, format).toEqual([])
    }

    const bmd = await exportFile('bmd')
    expect(checkBmdFile(bmd)).toEqual([])
    const bmdRows = parse(new TextDecoder('windows-1252').decode(bmd), { delimiter: ';', columns: true, quote: false, skip_empty_lines: true }) as Record<string, string>[]
    const bmdOf = (name: string) => bmdRows.filter((row) => row.belegnr === String(booked.get(name)!.bookingNo))
    // Erwerbsteuer (reverse charge, acquisition): "Soll und Haben minus".
    expect(bmdOf('eu-reverse-charge').map((row) => [row.steuercode, row.betrag, row.steuer])).toEqual([['19', '-233,00', '-46,60']])
    expect(bmdOf('acquisition').map((row) => [row.steuercode, row.betrag, row.steuer])).toEqual([['9', '-500,00', '-100,00']])
    expect(bmdOf('german-19').map((row) => [row.steuercode, row.prozent, row.betrag, row.steuer])).toEqual([['0', '0', '-119,00', '0,00']])
    // Skonto: percent, days and the amount, 2 % of each line's gross, opposite to betrag.
    expect(bmdOf('domestic').map((row) => [row.betrag, row.steuer, row.skontopz, row.skontotage, row.skonto])).toEqual([
      ['-120,00', '20,00', '2', '14', '2,40'],
      ['-56,50', '6,50', '2', '14', '1,13'],
      ['-33,00', '3,00', '2', '14', '0,66'],
    ])
    expect(bmdOf('cash').map((row) => [row.buchsymbol, row.belegdatum])).toEqual([['KA', '10.03.2026']])

    const datev = await exportFile('datev')
    expect(checkDatevFile(datev)).toEqual([])
    const [, ...rest] = new TextDecoder('windows-1252').decode(datev).split('\r\n')
    const datevRows = parse(rest.join('\r\n'), { delimiter: ';', columns: true, skip_empty_lines: true }) as Record<string, string>[]
    const datevOf = (name: string) => datevRows.filter((row) => row['Belegfeld 1'] === String(booked.get(name)!.bookingNo))
    // Belegdatum is the invoice's date, not the day it was booked.
    expect(datevOf('eu-reverse-charge').map((row) => [row.Belegdatum, row['BU-Schlüssel'], row['Umsatz (ohne Soll/Haben-Kz)']])).toEqual([['0303', '94', '233,00']])
    expect(datevOf('uk').map((row) => row.Belegdatum)).toEqual(['0603'])
    expect(datevOf('german-19').map((row) => [row['BU-Schlüssel'], row['Umsatz (ohne Soll/Haben-Kz)']])).toEqual([['', '119,00']])
  })

  it('the month’s KER: a Bilanzierer counts every booked invoice in March, an E/A-Rechner only what was paid, less Skonto', async () => {
    for (const entry of MONTH) if (!booked.has(entry.name)) await book(entry)
    // Paid: the domestic invoice within its Skonto date (209.50 less 2 % = 205.31), the German one in April; the
    // cash receipt is paid when it happens; the rest stays open.
    const skonto = await staff.client.service('payments').create({ booking_id: booked.get('domestic')!.bookingId, paid_on: '2026-03-14', amount: '205.31', method: 'bankTransaction' })
    expect(skonto).toMatchObject({ amount: '205.31', discount: '4.19' })
    await staff.client.service('payments').create({ booking_id: booked.get('german-19')!.bookingId, paid_on: '2026-04-02', amount: '119.00', method: 'bankTransaction' })

    // Accrual: the net of every invoice of the month (180 + 233 + 500 + 119 + 80 + 90 + 20), whether paid or not.
    const accrual = await material()
    expect(accrual.basis).toBe('accrual')
    expect(accrual.march - before.accrual.march).toBe(-1222_00)
    expect(accrual.april - before.accrual.april).toBe(0)

    // Cash basis: the cash receipt's 20.00 and the domestic invoice's net share of its payment, 180 × 205.31 / 209.50
    // = 176.40 (the Skonto lowers the expense); the German invoice counts in April, the open ones never.
    await cashBasis(true)
    const cash = await material()
    expect(cash.basis).toBe('cash')
    expect(cash.march - before.cash.march).toBe(-(20_00 + 176_40))
    expect(cash.april - before.cash.april).toBe(-119_00)
    await cashBasis(false)
  })
})
