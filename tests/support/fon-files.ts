import ExcelJS from 'exceljs'
import { quotaDates, type FonReturnType, type QuotaConflictKind, type QuotaItemState } from '../../packages/sdk/src/domain/index'

/**
 * A generator of realistic import files for the FON quota monitoring: the firm's records export and the FinanzOnline
 * quota list of 300 clients for one year, with every state and conflict kind, each client's expected
 * reconciliation, and the quota percentages worked out by hand (see EXPECTED_* below).
 *
 * With 300 clients: 40 business assessments (F) and 260 annual returns (E, K, U). Of the returns, 20 are marked not
 * relevant, 10 are on FON's list only (noNTCSRecord), 10 in the firm's records only (FON side: item), 8 carry
 * another tax number in the firm's records (NTCS side: taxId), 12 were received by FON but the firm's system has no
 * or a later submission date (NTCS side: submittedOn), 10 were submitted by the firm but FON shows no receipt (FON
 * side: receivedOn); the other 190 are clean, 176 of them received, 14 open.
 */

/** One generated client's return and what reconciliation must make of it. */
export interface GeneratedItem {
  taxId: string
  fonTaxId: string | null
  persNr: string
  name: string
  returnType: FonReturnType
  year: number
  companyNo: number | null
  submittedOn: string | null
  receivedOn: string | null
  relevant: boolean
  inRecords: boolean
  inFon: boolean
  expectedState: QuotaItemState
  expectedKind: QuotaConflictKind | null
  expectedField: string | null
}

/** The generated files and the expectations. */
export interface GeneratedFon {
  year: number
  items: GeneratedItem[]
  recordsCsv: string
  quotaCsv: string
  quotaXlsx(): Promise<Buffer>
  recordsXlsx(): Promise<Buffer>
}

/**
 * Hand-computed quota of the returns: 230 count (260 − 20 not relevant − 10 FON does not list), and 50, 90, 140,
 * 180 and 200 of them were received by the five dates: 50/230 = 21.7 %, 90/230 = 39.1 %, 140/230 = 60.9 %,
 * 180/230 = 78.3 %, 200/230 = 87.0 %.
 */
export const EXPECTED_RETURNS = [
  { targetPercent: 20, achieved: 50, total: 230, achievedPercent: 21.7, required: 46, outlook: 'met' },
  { targetPercent: 40, achieved: 90, total: 230, achievedPercent: 39.1, required: 92, outlook: 'missed' },
  { targetPercent: 60, achieved: 140, total: 230, achievedPercent: 60.9, required: 138, outlook: 'met' },
  { targetPercent: 80, achieved: 180, total: 230, achievedPercent: 78.3, required: 184, outlook: 'missed' },
  { targetPercent: 100, achieved: 200, total: 230, achievedPercent: 87, required: 230, outlook: 'missed' },
] as const

/** Hand-computed quota of the business assessments: 40 count; 18 by 30 Nov (45.0 %), 36 by 31 Jan (90.0 %). */
export const EXPECTED_ASSESSMENTS = [
  { targetPercent: 50, achieved: 18, total: 40, achievedPercent: 45, required: 20, outlook: 'missed' },
  { targetPercent: 100, achieved: 36, total: 40, achievedPercent: 90, required: 40, outlook: 'missed' },
] as const

/** A small deterministic random source (mulberry32), so the files are the same on every run. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const DAY_MS = 86_400_000
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
const at = (iso: string) => iso.split('-').reverse().join('.')

const FIRST = ['Anna', 'Bernhard', 'Christa', 'Dieter', 'Elisabeth', 'Franz', 'Gerda', 'Helmut', 'Ingrid', 'Johann', 'Karin', 'Leopold']
const LAST = ['Huber', 'Gruber', 'Wagner', 'Bauer', 'Pichler', 'Moser', 'Mayer', 'Hofer', 'Leitner', 'Berger', 'Fuchs', 'Eder']
const FIRMS = ['Tischlerei', 'Bäckerei', 'Gasthof', 'Elektro', 'Installationen', 'Handels', 'Bau', 'Reisebüro']

/** Writes rows as CSV with `;` (as Austrian Excel saves), quoting where needed. */
function csv(columns: readonly string[], rows: readonly Record<string, string>[]): string {
  const quote = (value: string) => (/[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  return [columns.join(';'), ...rows.map((row) => columns.map((column) => quote(row[column] ?? '')).join(';'))].join('\n') + '\n'
}

async function xlsx(columns: readonly string[], rows: readonly Record<string, string>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Quote')
  sheet.addRow([...columns])
  for (const row of rows) sheet.addRow(columns.map((column) => row[column] ?? ''))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** Generates the files of `year` (300 clients; the numbers above assume 300). */
export function generateFonFiles(options: { year: number; seed?: number }): GeneratedFon {
  const { year } = options
  const next = random(options.seed ?? 15)
  const items: GeneratedItem[] = []
  const nameOf = (index: number) =>
    index % 3 === 0 ? `${FIRMS[index % FIRMS.length]} ${LAST[index % LAST.length]} GmbH` : `${FIRST[index % FIRST.length]} ${LAST[(index * 7) % LAST.length]}`
  const returnDates = quotaDates(year, 'returns').map((entry) => entry.date)
  const assessmentDates = quotaDates(year, 'assessments').map((entry) => entry.date)

  for (let index = 1; index <= 300; index++) {
    const taxId = String(10_000_000 + index * 7919).padStart(9, '0').slice(-9).replace(/^0/, '1')
    const returnType: FonReturnType = index <= 40 ? 'F' : (['E', 'K', 'U'] as const)[index % 3]
    const base: GeneratedItem = {
      taxId,
      fonTaxId: taxId,
      persNr: String(1000 + index),
      name: nameOf(index),
      returnType,
      year,
      companyNo: index <= 12 ? 1001 + (index % 6) : null,
      submittedOn: null,
      receivedOn: null,
      relevant: true,
      inRecords: true,
      inFon: true,
      expectedState: 'open',
      expectedKind: null,
      expectedField: null,
    }
    items.push(base)
  }
  const assessments = items.slice(0, 40)
  const returns = items.slice(40)
  // Categories of the returns, by position (the order is shuffled below so they mix in the files).
  const shuffled = [...returns].sort(() => next() - 0.5)
  const take = (count: number) => shuffled.splice(0, count)
  const notRelevant = take(20)
  const fonOnly = take(10)
  const recordsOnly = take(10)
  const taxMismatch = take(8)
  const ntcsDate = take(12)
  const fonMissing = take(10)
  const clean = shuffled

  for (const item of notRelevant) {
    Object.assign(item, { relevant: false, expectedState: 'notRelevant' })
    // Some were even received: still not counted.
    if (next() < 0.5) item.receivedOn = addDays(returnDates[0], -30)
  }
  for (const item of fonOnly) Object.assign(item, { inRecords: false, expectedState: 'noNTCSRecord', expectedKind: 'noNTCSRecord', expectedField: 'item' })
  for (const item of recordsOnly) {
    Object.assign(item, { inFon: false, fonTaxId: null, expectedState: 'dataConflict', expectedKind: 'fonMismatch', expectedField: 'item' })
    item.submittedOn = addDays(returnDates[0], -10)
  }
  for (const item of taxMismatch) {
    // The firm's records carry an old tax number; FON lists the person number, so they still meet.
    item.fonTaxId = String(Number(item.taxId) + 1).slice(-9)
    Object.assign(item, { expectedState: 'dataConflict', expectedKind: 'ntcsMismatch', expectedField: 'taxId' })
  }
  for (const item of ntcsDate) Object.assign(item, { expectedState: 'dataConflict', expectedKind: 'ntcsMismatch', expectedField: 'submittedOn' })
  for (const item of fonMissing) {
    Object.assign(item, { expectedState: 'dataConflict', expectedKind: 'fonMismatch', expectedField: 'receivedOn' })
    item.submittedOn = addDays(returnDates[1], -3)
  }

  // The returns FON received: 12 + 8 + 4 of the FON-only + 176 clean = 200, spread so that 50, 90, 140, 180 and
  // 200 were in by the five dates (the boundaries themselves included).
  const cleanReceived = clean.slice(0, 176)
  for (const item of clean.slice(176)) item.expectedState = 'open'
  const received = [...ntcsDate, ...taxMismatch, ...fonOnly.slice(0, 4), ...cleanReceived].sort(() => next() - 0.5)
  const buckets = [50, 40, 50, 40, 20]
  let position = 0
  let from = `${year + 1}-06-01`
  buckets.forEach((count, bucket) => {
    const to = returnDates[bucket]
    const span = daysBetween(from, to)
    for (let i = 0; i < count; i++) {
      // The first of each bucket on the date itself, the rest spread over the window.
      received[position + i].receivedOn = i === 0 ? to : addDays(from, Math.floor((span * i) / count))
    }
    position += count
    from = addDays(to, 1)
  })
  for (const item of cleanReceived) {
    item.submittedOn = addDays(item.receivedOn!, -1)
    item.expectedState = 'submitted'
  }
  ntcsDate.forEach((item, index) => {
    // Half have no submission date in the firm's system, half one after FON's receipt.
    item.submittedOn = index % 2 === 0 ? null : addDays(item.receivedOn!, 5)
  })
  for (const item of taxMismatch) item.submittedOn = addDays(item.receivedOn!, -2)

  // Business assessments: 18 by 30 Nov, 36 by 31 Jan (boundaries included), 2 in February, 2 never.
  assessments.forEach((item, index) => {
    if (index < 18) item.receivedOn = index === 0 ? assessmentDates[0] : addDays(assessmentDates[0], -index * 3)
    else if (index < 36) item.receivedOn = index === 18 ? assessmentDates[1] : addDays(assessmentDates[0], index - 17)
    else if (index < 38) item.receivedOn = addDays(assessmentDates[1], index - 35)
    item.submittedOn = item.receivedOn ? addDays(item.receivedOn, -1) : null
    item.expectedState = item.receivedOn ? 'submitted' : 'open'
  })

  const recordColumns = ['persNr', 'taxId', 'name', 'quotenArt', 'year', 'abgabedatum', 'relevant', 'companyId', 'kontonr', 'ntcs_id', 'kanzlei_id'] as const
  const recordRows = items
    .filter((item) => item.inRecords)
    .map((item, index) => ({
      persNr: item.persNr,
      // Tax numbers written as people do: 12-345/6789 or plain.
      taxId: index % 2 === 0 ? `${item.taxId.slice(0, 2)}-${item.taxId.slice(2, 5)}/${item.taxId.slice(5)}` : item.taxId,
      name: item.name,
      quotenArt: item.returnType,
      year: String(year),
      // Austrian and ISO dates alike.
      abgabedatum: item.submittedOn ? (index % 3 === 0 ? at(item.submittedOn) : item.submittedOn) : '',
      relevant: item.relevant ? (index % 4 === 0 ? '' : 'ja') : 'nein',
      companyId: item.companyNo === null ? '' : String(item.companyNo),
      kontonr: String(200000 + Number(item.persNr)),
      ntcs_id: `N${item.persNr}`,
      kanzlei_id: '7',
    }))
  const quotaColumns = ['taxId', 'persNr', 'name', 'quotenArt', 'year', 'eingangsDatum', 'regKassa', 'saldo'] as const
  const regKassa = ['inOperation', 'outOfOperation', 'registered', 'failure', 'noPermission', '', '']
  const quotaRows = items
    .filter((item) => item.inFon)
    .map((item, index) => ({
      taxId: item.fonTaxId!,
      persNr: item.expectedField === 'taxId' || index % 5 === 0 ? item.persNr : '',
      name: item.name.toUpperCase(),
      quotenArt: item.returnType,
      year: String(year),
      eingangsDatum: item.receivedOn ? at(item.receivedOn) : '',
      regKassa: regKassa[index % regKassa.length],
      saldo: index % 4 === 0 ? `${(index * 13.5).toFixed(2).replace('.', ',')}` : '',
    }))
  return {
    year,
    items,
    recordsCsv: csv(recordColumns, recordRows),
    quotaCsv: csv(quotaColumns, quotaRows),
    quotaXlsx: () => xlsx(quotaColumns, quotaRows),
    recordsXlsx: () => xlsx(recordColumns, recordRows),
  }
}

/** The key reconciliation gives an item: FON's tax number when FON lists it, else the firm's. */
export function expectedKey(item: GeneratedItem): string {
  return `${item.fonTaxId ?? item.taxId}|${item.returnType}|${item.year}`
}
