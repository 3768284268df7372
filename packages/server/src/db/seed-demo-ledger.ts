import type { Knex } from 'knex'
import { DataSource, DocumentStatus, formatCents, taxOfNet, DocumentKind, FileKind, MimeType, ProcessingState } from '@portal/sdk/domain'
import type { DocumentStore } from '../documents/store'
import { EXTRACT_JOB } from '../jobs/kinds'
import { addDays, demoLedgerFiles, demoSupplierIban, keepDemoLedgerFiles, type DemoLedgerFile } from './seed-demo-ledger-files'

/**
 * Two years of booked documents for two demo companies (issue 18), so the unpaid items and the KER show something real
 * on a fresh start: each month outgoing invoices (revenue), incoming invoices (goods, rent, energy, telephone,
 * consulting), wages and depreciation from the cash book; invoices older than two months are paid (some with the
 * discount), a few are left overdue for the ageing buckets. Deterministic (no randomness), written in a few bulk
 * inserts. Every document has its PDF in the document store, as an uploaded and read document has: the file, its
 * page and text, the fields as chosen candidates and a finished extraction job. Off in tests unless PORTAL_DEMO_LEDGER=1.
 */
export const DEMO_LEDGER_COMPANIES = [1001, 1002] as const

/** One booked demo document: what it is, its amounts and dates, and how far it is paid. */
export interface DemoBooking {
  companyNo: number
  type: Exclude<DocumentKind, typeof DocumentKind.Other>
  account: number
  counter: number
  taxCode: string
  rate: number
  netCents: number
  date: string
  dueDays: number
  discount: number | null
  number: string
  paid: 'full' | 'discount' | 'part' | 'open'
}

const pad = (value: number) => String(value).padStart(2, '0')

/**
 * The time of a demo event on `date` at `time` (UTC), but never later than `minutesAgo` minutes before `now`: a
 * document of today was uploaded, read and booked earlier today, not at a time still to come.
 */
export function demoTime(date: string, time: string, now: number, minutesAgo: number): string {
  const planned = Date.parse(`${date}T${time}Z`)
  return new Date(Math.min(planned, now - minutesAgo * 60_000)).toISOString()
}
const notAfter = (date: string, today: string) => (date > today ? today : date)

/** The demo bookings of one company from January of last year to this month. */
function demoBookings(companyNo: number, today: string): DemoBooking[] {
  const scale = companyNo === 1001 ? 1 : 0.6
  const thisYear = Number(today.slice(0, 4))
  const bookings: DemoBooking[] = []
  let counter = 0
  for (let year = thisYear - 1; year <= thisYear; year++) {
    for (let month = 1; month <= 12; month++) {
      const first = `${year}-${pad(month)}-01`
      if (first > today) break
      // Seasonal revenue (summer and December stronger) that grows about 8 % on last year.
      const season = 1 + 0.25 * Math.sin(((month - 3) / 12) * 2 * Math.PI) + (month === 12 ? 0.2 : 0)
      const growth = year === thisYear ? 1.08 : 1
      const ageDays = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000)
      const paidState = (index: number): DemoBooking['paid'] => {
        if (ageDays < 45) return index % 3 === 0 ? 'part' : 'open'
        // One old invoice of every five months stays unpaid: the overdue buckets.
        if (index === 0 && month % 5 === 0 && ageDays < 200) return 'open'
        return index % 2 === 0 ? 'discount' : 'full'
      }
      const add = (entry: Omit<DemoBooking, 'companyNo' | 'number'>) => {
        counter += 1
        bookings.push({ ...entry, companyNo, number: `${entry.type}-${year}-${String(counter).padStart(4, '0')}` })
      }
      for (let index = 0; index < 3; index++) {
        const net = Math.round(((4_200_00 + index * 1_350_00 + month * 97_00) * season * growth * scale) / 100) * 100
        add({ type: DocumentKind.AR, account: 200001 + ((month + index) % 8), counter: index === 2 ? 4020 : 4000, taxCode: 'U20', rate: 20, netCents: net, date: `${year}-${pad(month)}-${pad(3 + index * 8)}`, dueDays: 30, discount: index === 0 ? 2 : null, paid: paidState(index) })
      }
      const expenses: [number, number, string, number, number][] = [
        [330004, 5000, 'V10', 10, Math.round(3_100_00 * season * growth * scale)],
        [330010, 7750, 'V20', 20, 450_00],
        [330002, 7200, 'V20', 20, Math.round(380_00 * (month <= 3 || month >= 11 ? 1.4 : 1) * scale)],
        [330001, 7380, 'V20', 20, 89_00],
        [330005, 7700, 'V0', 0, 210_00],
      ]
      expenses.forEach(([account, counterAccount, taxCode, rate, net], index) => {
        add({ type: DocumentKind.ER, account, counter: counterAccount, taxCode, rate, netCents: net, date: `${year}-${pad(month)}-${pad(2 + index * 5)}`, dueDays: 14, discount: index === 0 ? 3 : null, paid: paidState(index) })
      })
      add({ type: DocumentKind.KA, account: 2800, counter: 6000, taxCode: 'V0', rate: 0, netCents: Math.round(5_600_00 * growth * scale), date: `${year}-${pad(month)}-28`, dueDays: 0, discount: null, paid: 'full' })
      add({ type: DocumentKind.KA, account: 2800, counter: 7010, taxCode: 'V0', rate: 0, netCents: Math.round(420_00 * scale), date: `${year}-${pad(month)}-28`, dueDays: 0, discount: null, paid: 'full' })
      // Interest on the bank loan (financial result) and, in December, the corporate tax prepayment, which the KER leaves out.
      add({ type: DocumentKind.KA, account: 2800, counter: 8280, taxCode: 'V0', rate: 0, netCents: Math.round(95_00 * scale), date: `${year}-${pad(month)}-28`, dueDays: 0, discount: null, paid: 'full' })
      if (month % 3 === 0) add({ type: DocumentKind.KA, account: 2800, counter: 8500, taxCode: 'V0', rate: 0, netCents: Math.round(1_250_00 * scale), date: `${year}-${pad(month)}-15`, dueDays: 0, discount: null, paid: 'full' })
    }
  }
  return bookings.filter((booking) => booking.date <= today)
}

const CHUNK = 600

async function insertChunks(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[], returning?: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = []
  for (let at = 0; at < rows.length; at += CHUNK) {
    const chunk = rows.slice(at, at + CHUNK)
    if (returning) out.push(...((await trx(table).insert(chunk).returning(returning)) as Record<string, unknown>[]))
    else await trx(table).insert(chunk)
  }
  return out
}

/** The demo ledger made ready outside the seed's transaction: the bookings up to `today` and their PDFs. */
export interface DemoLedger {
  today: string
  bookings: DemoBooking[]
  files: DemoLedgerFile[]
}

/** Computes the bookings, generates their PDFs and puts them in the store (before the transaction, to keep it short). */
export async function prepareDemoLedger(today: string, store: DocumentStore): Promise<DemoLedger> {
  const bookings = DEMO_LEDGER_COMPANIES.flatMap((companyNo) => demoBookings(companyNo, today))
  return { today, bookings, files: await demoLedgerFiles(bookings, store) }
}

/** The fields an upload's extraction would have chosen from the voucher, as chosen candidates (what the viewer lists). */
function fieldCandidates(documentId: number, file: DemoLedgerFile): Record<string, unknown>[] {
  const { voucher } = file
  const gross = voucher.netCents + voucher.taxCents
  const fields: [string, string | null | undefined][] = [
    ['invoice_number', voucher.number],
    ['issue_date', voucher.date],
    ['seller_name', voucher.issuer.name],
    ['seller_vat_id', voucher.issuer.vatId],
    ['company_register_number', voucher.issuer.registerNo],
    ['buyer_name', voucher.addressee?.name],
    ['buyer_address', voucher.addressee?.place],
    ['buyer_vat_id', voucher.addressee?.vatId],
    ['currency', 'EUR'],
    ['total_net', formatCents(voucher.netCents)],
    ['total_tax', formatCents(voucher.taxCents)],
    ['tax_breakdown', JSON.stringify([{ rate: voucher.rate, basis: formatCents(voucher.netCents), tax: formatCents(voucher.taxCents) }])],
    ['total_gross', formatCents(gross)],
    ['due_date', voucher.dueDate],
    ['skonto_due_date', voucher.discountDueDate],
    ['skonto_percent', voucher.discountPercent && voucher.discountDueDate ? String(voucher.discountPercent) : null],
    ['iban', voucher.iban],
  ]
  return fields
    .filter((field): field is [string, string] => typeof field[1] === 'string')
    .map(([field, value]) => ({ document_id: documentId, field, value, source: DataSource.PDF_Parse, confidence: 1, page: 1, chosen: true }))
}

/**
 * Writes the demo ledger inside the demo seed's transaction (`ledger.today` fixes what is paid, open and overdue). The
 * files are in the store, under their locks, before the rows: as with an upload, a crash leaves at worst files without
 * rows, which the next start sweeps before it seeds again (the seed is one transaction, so all or nothing).
 */
export async function seedDemoLedger(trx: Knex.Transaction, ledger: DemoLedger, store: DocumentStore): Promise<number> {
  const { today, bookings: all, files } = ledger
  const now = Date.now()
  // Suppliers get an IBAN, so payment codes work for the demo (one statement for all of them).
  const suppliers = (await trx('accounts').whereIn('company_no', DEMO_LEDGER_COMPANIES).whereBetween('account', [330000, 339999]).whereNull('iban').distinct('company_no', 'account')) as { company_no: number; account: number }[]
  if (suppliers.length > 0) {
    const values = suppliers.map(() => '(?::int, ?::int, ?::text)').join(', ')
    await trx.raw(`update accounts set iban = v.iban from (values ${values}) as v(company_no, account, iban) where accounts.company_no = v.company_no and accounts.account = v.account`,
      suppliers.flatMap(({ company_no, account }) => [company_no, account, demoSupplierIban(company_no, account)]))
  }
  await keepDemoLedgerFiles(trx, store, files)
  const documents = await insertChunks(
    trx,
    'documents',
    all.map((booking, index) => {
      const file = files[index]
      const { voucher } = file
      const tax = taxOfNet(booking.netCents, booking.rate)
      const outgoing = booking.type === DocumentKind.AR
      return {
        company_no: booking.companyNo,
        document_type: booking.type,
        status: DocumentStatus.Confirmed | DocumentStatus.Booked,
        sha256: file.sha256,
        size: file.size,
        pages: 1,
        file_name: `${booking.number}.pdf`,
        mime: MimeType.pdf,
        file_kind: FileKind.pdf,
        processing_state: ProcessingState.done,
        aggregated: true,
        full_text: file.text,
        booked_at: demoTime(booking.date, '12:00:00', now, 1),
        created_at: demoTime(booking.date, '09:00:00', now, 3),
        invoice_date: booking.date,
        invoice_number: booking.number,
        total_net: formatCents(booking.netCents),
        taxable_amount: formatCents(booking.netCents),
        tax_rate: booking.rate,
        tax_amount: formatCents(tax),
        tax_code: booking.taxCode,
        total_gross: formatCents(booking.netCents + tax),
        seller_vat_id: voucher.issuer.vatId,
        buyer_vat_id: voucher.addressee?.vatId ?? null,
        vat_id: (outgoing ? voucher.addressee?.vatId : voucher.issuer.vatId) ?? null,
        party_name: (outgoing ? voucher.addressee?.name : voucher.issuer.name) ?? null,
        register_no: voucher.issuer.registerNo ?? null,
        iban: voucher.iban,
        account_number: booking.account,
        counter_account: booking.counter,
        period: booking.date.slice(0, 7),
        accounting: Number(booking.date.slice(0, 4)),
        due_date: addDays(booking.date, booking.dueDays),
        discount_due_date: voucher.discountDueDate,
        discount_percent: voucher.discountDueDate ? voucher.discountPercent : null,
      }
    }),
    'id',
  )
  const documentIds = documents.map((row) => Number(row.id))
  await insertChunks(trx, 'document_pages', documentIds.map((id, index) => ({ document_id: id, page_no: 1, text: files[index].text, has_text_layer: true, width: files[index].width, height: files[index].height })))
  await insertChunks(trx, 'document_candidates', documentIds.flatMap((id, index) => fieldCandidates(id, files[index])))
  // Each document was read once, as an upload is: a finished extraction job it points to.
  const jobs = await insertChunks(
    trx,
    'jobs',
    documentIds.map((id, index) => ({ kind: EXTRACT_JOB, payload: JSON.stringify({ documentId: id, typeFixed: true }), state: ProcessingState.done, attempts: 1, run_at: demoTime(all[index].date, '09:00:00', now, 3), created_at: demoTime(all[index].date, '09:00:00', now, 3), finished_at: demoTime(all[index].date, '09:01:00', now, 2) })),
    'id',
  )
  await trx.raw('update documents set job_id = v.job_id from unnest(?::int[], ?::int[]) as v(id, job_id) where documents.id = v.id', [documentIds, jobs.map((row) => Number(row.id))])
  const numbers = new Map<number, number>()
  const bookingRows = all.map((booking, index) => {
    const tax = taxOfNet(booking.netCents, booking.rate)
    const gross = formatCents(booking.netCents + tax)
    const bookingNo = (numbers.get(booking.companyNo) ?? 0) + 1
    numbers.set(booking.companyNo, bookingNo)
    return {
      document_id: documentIds[index],
      company_no: booking.companyNo,
      booking_no: bookingNo,
      kind: 'booking',
      document_type: booking.type,
      account: booking.account,
      counter_account: booking.counter,
      period: booking.date.slice(0, 7),
      book: booking.type,
      document_number: booking.number,
      document_date: booking.date,
      booking_date: booking.date,
      due_date: booking.type === DocumentKind.KA ? null : addDays(booking.date, booking.dueDays),
      discount_percent: booking.discount,
      discount_due_date: booking.discount ? addDays(booking.date, 10) : null,
      gross,
      lines: JSON.stringify([{ taxCode: booking.taxCode, rate: String(booking.rate), net: formatCents(booking.netCents), tax: formatCents(tax), gross }]),
      created_by_name: 'Demo',
    }
  })
  const bookingIds = await insertChunks(trx, 'bookings', bookingRows, 'id')
  const payments = all.flatMap((booking, index) => {
    if (booking.type === DocumentKind.KA || booking.paid === 'open') return []
    const grossCents = booking.netCents + taxOfNet(booking.netCents, booking.rate)
    const base = { booking_id: Number(bookingIds[index].id), company_no: booking.companyNo, method: 'bankTransaction', created_by_name: 'Demo' }
    if (booking.paid === 'part') return [{ ...base, paid_on: notAfter(addDays(booking.date, 7), today), amount: formatCents(Math.round(grossCents / 2)), discount: '0.00' }]
    if (booking.paid === 'discount' && booking.discount) {
      const discount = Math.round((grossCents * booking.discount) / 100)
      return [{ ...base, paid_on: notAfter(addDays(booking.date, 8), today), amount: formatCents(grossCents - discount), discount: formatCents(discount) }]
    }
    return [{ ...base, paid_on: notAfter(addDays(booking.date, booking.dueDays), today), amount: formatCents(grossCents), discount: '0.00' }]
  })
  await insertChunks(trx, 'payments', payments)
  return all.length
}
