import type { Knex } from 'knex'
import { DocumentKind, taxOfNet } from '@portal/sdk/domain'
import { lockFileHashes } from '../documents/file-lock'
import { sha256Hex, type DocumentStore } from '../documents/store'
import { DEMO_COMPANIES, DEMO_CUSTOMERS, DEMO_SUPPLIERS } from './seed-demo-data'
import { austrianIban } from './seed-demo-ids'
import { demoVoucherPdf, type DemoParty, type DemoVoucher, type DemoVoucherPdf } from './seed-demo-ledger-pdf'

/** What the voucher of one demo booking is made from (the seed's DemoBooking, as far as the paper shows it). */
export interface DemoVoucherSource {
  companyNo: number
  type: DocumentKind
  account: number
  counter: number
  rate: number
  netCents: number
  date: string
  dueDays: number
  discount: number | null
  number: string
}

/** One demo-ledger document's file: its voucher, the PDF, and where the store keeps it. */
export interface DemoLedgerFile extends DemoVoucherPdf {
  voucher: DemoVoucher
  sha256: string
  size: number
}

const MONTHS = ['Jänner', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember']

/** The IBAN the seed gives a demo supplier in one company (one per supplier and company, valid check digits). */
export function demoSupplierIban(companyNo: number, account: number): string {
  return austrianIban('20111', String(account * 7 + companyNo))
}

/** An ISO date `days` later. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** What the line of a voucher says, by its counter account (revenue, expense or bank booking). */
function lineText(source: DemoVoucherSource, companyNo: number): string {
  const month = `${MONTHS[Number(source.date.slice(5, 7)) - 1]} ${source.date.slice(0, 4)}`
  const texts: Record<number, string> = {
    4000: companyNo === 1001 ? `Bewirtung und Veranstaltungsservice ${month}` : `Lieferung Backwaren und Getränke ${month}`,
    4020: companyNo === 1001 ? `Raummiete Seminarraum ${month}` : `Torten und Festgebäck ${month}`,
    5000: `Wareneinkauf lt. Lieferscheinen ${month}`,
    7750: `Unternehmensberatung ${month}`,
    7200: `Strom und Gas ${month}`,
    7380: `Mobilfunk und Internet ${month}`,
    7700: `Betriebsversicherung ${month}`,
    6000: `Löhne und Gehälter ${month}`,
    7010: `Planmäßige Abschreibung ${month}`,
    8280: `Kreditzinsen ${month}`,
    8500: `Körperschaftsteuer-Vorauszahlung ${Math.ceil(Number(source.date.slice(5, 7)) / 3)}. Quartal ${source.date.slice(0, 4)}`,
  }
  return texts[source.counter] ?? `Leistung ${month}`
}

/** The voucher a demo booking stands for: outgoing invoices from the company, incoming ones from its supplier, bank bookings as own vouchers. */
export function demoVoucher(source: DemoVoucherSource): DemoVoucher {
  const company = DEMO_COMPANIES.find((entry) => entry.company_no === source.companyNo)
  if (!company) throw new Error(`no demo company ${source.companyNo}`)
  const own: DemoParty = { name: company.company_name, place: company.company_place, vatId: company.vat_id, registerNo: company.register_no }
  const account = [...DEMO_SUPPLIERS, ...DEMO_CUSTOMERS].find((entry) => entry.account === source.account)
  const partner: DemoParty | null = account ? { name: account.name, place: `${account.zip} ${account.town}`, vatId: account.vat_id } : null
  const base = {
    number: source.number,
    date: source.date,
    text: lineText(source, source.companyNo),
    rate: source.rate,
    netCents: source.netCents,
    taxCents: taxOfNet(source.netCents, source.rate),
    discountPercent: source.discount,
    discountDueDate: source.discount ? addDays(source.date, 10) : null,
  }
  if (source.type === DocumentKind.KA || !partner) return { ...base, form: 'voucher', issuer: own, addressee: null, iban: company.iban, dueDate: null }
  const dueDate = addDays(source.date, source.dueDays)
  if (source.type === DocumentKind.AR) return { ...base, form: 'invoice', issuer: own, addressee: partner, iban: company.iban, dueDate }
  return { ...base, form: 'invoice', issuer: partner, addressee: own, iban: demoSupplierIban(source.companyNo, source.account), dueDate }
}

/** How many generated files are handed to the store together. */
const WRITE_BATCH = 64

/**
 * Generates the PDF of every demo booking, in the bookings' order, with its content hash, and puts each in the store
 * as soon as it is made (the disk writes overlap the generating; seedDemoLedger locks and checks them again).
 */
export async function demoLedgerFiles(sources: readonly DemoVoucherSource[], store: DocumentStore): Promise<DemoLedgerFile[]> {
  const files: DemoLedgerFile[] = []
  const writes: Promise<void>[] = []
  let handedOver = 0
  for (const source of sources) {
    const voucher = demoVoucher(source)
    const pdf = await demoVoucherPdf(voucher)
    files.push({ ...pdf, voucher, sha256: sha256Hex(pdf.bytes), size: pdf.bytes.byteLength })
    if (files.length - handedOver >= WRITE_BATCH || files.length === sources.length) {
      writes.push(putDemoLedgerFiles(store, files.slice(handedOver)))
      handedOver = files.length
    }
  }
  await Promise.all(writes)
  return files
}

/** How many files are put at once: their fsyncs overlap instead of queueing one behind the other. */
const PUT_AT_ONCE = 16

/** Puts the files in the store (each fsynced, as an upload's), a few at a time; a file already there is only looked at. */
export async function putDemoLedgerFiles(store: DocumentStore, files: readonly { bytes: Uint8Array }[]): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < files.length) await store.put(files[next++].bytes)
  }
  await Promise.all(Array.from({ length: Math.min(PUT_AT_ONCE, files.length) }, worker))
}

/**
 * Makes sure, inside the transaction that writes the rows, that every file is in the store and stays there: their
 * content's locks keep the sweep of another process (PostgreSQL) from removing them until the rows commit, and a file
 * such a sweep took before the locks is put again. As with an upload, a crash before the commit leaves at worst files
 * without rows, which the next start sweeps before it seeds again.
 */
export async function keepDemoLedgerFiles(trx: Knex.Transaction, store: DocumentStore, files: readonly DemoLedgerFile[]): Promise<void> {
  await lockFileHashes(trx, files.map((file) => file.sha256))
  await putDemoLedgerFiles(store, files)
}
