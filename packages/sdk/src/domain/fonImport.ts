import { calendarDate } from '../validators/dates'
import { CashRegisterState } from './states'
import { FON_RETURN_TYPES, type FonReturnType } from './fonQuota'
import type { FonQuotaRow, NtcsRecord } from './fonReconcile'

/**
 * The two import files of the quota monitoring and the rules each row must keep. A file is taken whole or not at
 * all: the first broken row is reported with its row (the spreadsheet's line number, the header being row 1), its
 * column and the rule, and nothing is imported.
 */

/** The two imports: the firm's records export (NTCS side) and the FinanzOnline quota list. */
export type FonImportKind = 'records' | 'quota'

/** Both import kinds. */
export const FON_IMPORT_KINDS: readonly FonImportKind[] = ['records', 'quota']

/** The columns of the firm's records export, in the documented order; required ones first. */
export const RECORD_COLUMNS = ['persNr', 'taxId', 'name', 'quotenArt', 'year', 'abgabedatum', 'relevant', 'companyId', 'kontonr', 'ntcs_id', 'kanzlei_id'] as const

/** The columns of the FinanzOnline quota list, in the documented order. */
export const QUOTA_COLUMNS = ['taxId', 'persNr', 'name', 'quotenArt', 'year', 'eingangsDatum', 'regKassa', 'saldo'] as const

/** Columns a file of each kind must have. */
export const REQUIRED_COLUMNS: Record<FonImportKind, readonly string[]> = {
  records: ['persNr', 'taxId', 'name', 'quotenArt', 'year'],
  quota: ['taxId', 'name', 'quotenArt', 'year'],
}

/** The rules a cell can break (texts `fon:rule.<rule>`). */
export type FonImportRule =
  | 'missingColumn'
  | 'required'
  | 'taxId'
  | 'persNr'
  | 'returnType'
  | 'year'
  | 'date'
  | 'yesNo'
  | 'integer'
  | 'number'
  | 'regKassa'
  | 'duplicate'
  | 'empty'
  | 'unreadable'
  /** A NUL character, which no text can hold in the database. */
  | 'nul'

/** Where a file breaks a rule. */
export interface FonImportProblem {
  row: number
  column: string
  rule: FonImportRule
  value: string
}

/** A file that breaks a rule: the first problem found. */
export class FonImportError extends Error {
  constructor(readonly problem: FonImportProblem) {
    super(`Row ${problem.row}, column "${problem.column}": ${problem.rule}${problem.value ? ` (${problem.value})` : ''}`)
    this.name = 'FonImportError'
  }
}

/** A row as read from a file: column name → cell text. */
export type RawRow = Readonly<Record<string, string>>

/** An Austrian tax number: 9 digits (tax office + number), written with or without '-', '/' and spaces. */
export function normalizeTaxId(value: string): string | null {
  const digits = value.replace(/[\s\-/]/g, '')
  return /^\d{9}$/.test(digits) ? digits : null
}

/** A date as ISO (YYYY-MM-DD) or Austrian (D.M.YYYY), answered as ISO; null when it is no real date by the one date rule (validators/dates). */
export function normalizeDate(value: string): string | null {
  const text = value.trim()
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.slice(0, 10))
  let [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0]
  if (!match) {
    match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text)
    if (!match) return null
    ;[day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  }
  return calendarDate(year, month, day)
}

const YES = new Set(['', 'ja', 'j', 'yes', 'y', '1', 'true', 'x'])
const NO = new Set(['nein', 'n', 'no', '0', 'false'])
const REG_KASSA = new Set<string>(Object.values(CashRegisterState))

class RowReader {
  constructor(
    private readonly raw: RawRow,
    readonly row: number,
  ) {}

  text(column: string): string {
    return (this.raw[column] ?? '').trim()
  }

  fail(column: string, rule: FonImportRule): never {
    throw new FonImportError({ row: this.row, column, rule, value: this.text(column).slice(0, 80) })
  }

  required(column: string): string {
    const value = this.text(column)
    return value === '' ? this.fail(column, 'required') : value
  }

  optional(column: string): string | null {
    const value = this.text(column)
    return value === '' ? null : value
  }

  taxId(column = 'taxId'): string {
    return normalizeTaxId(this.required(column)) ?? this.fail(column, 'taxId')
  }

  persNr(required: boolean): string | null {
    const value = required ? this.required('persNr') : this.optional('persNr')
    if (value !== null && !/^\d{1,10}$/.test(value)) this.fail('persNr', 'persNr')
    return value
  }

  returnType(): FonReturnType {
    const value = this.required('quotenArt').toUpperCase()
    return (FON_RETURN_TYPES as readonly string[]).includes(value) ? (value as FonReturnType) : this.fail('quotenArt', 'returnType')
  }

  year(): number {
    const value = this.required('year')
    const year = Number(value)
    return /^\d{4}$/.test(value) && year >= 2000 && year <= 2100 ? year : this.fail('year', 'year')
  }

  date(column: string): string | null {
    const value = this.optional(column)
    return value === null ? null : (normalizeDate(value) ?? this.fail(column, 'date'))
  }

  yesNo(column: string): boolean {
    const value = this.text(column).toLowerCase()
    if (YES.has(value)) return true
    return NO.has(value) ? false : this.fail(column, 'yesNo')
  }

  integer(column: string): number | null {
    const value = this.optional(column)
    if (value === null) return null
    return /^\d{1,9}$/.test(value) ? Number(value) : this.fail(column, 'integer')
  }

  amount(column: string): string | null {
    const value = this.optional(column)
    if (value === null) return null
    // Austrian notation (1.234,56) and plain (1234.56) alike.
    const plain = /,/.test(value) ? value.replace(/\./g, '').replace(',', '.') : value
    return /^[+-]?\d{1,13}(\.\d{1,2})?$/.test(plain) ? plain.replace(/^\+/, '') : this.fail(column, 'number')
  }

  regKassa(): CashRegisterState | null {
    const value = this.optional('regKassa')
    if (value === null) return null
    return REG_KASSA.has(value) ? (value as CashRegisterState) : this.fail('regKassa', 'regKassa')
  }
}

/** Refuses a header without a required column (row 1). */
export function checkColumns(kind: FonImportKind, header: readonly string[]): void {
  for (const column of REQUIRED_COLUMNS[kind]) {
    if (!header.includes(column)) throw new FonImportError({ row: 1, column, rule: 'missingColumn', value: '' })
  }
}

/** One row of the firm's records export, checked; `row` is its line number in the file. */
export function parseRecordRow(raw: RawRow, row: number): NtcsRecord {
  const read = new RowReader(raw, row)
  const companyNo = read.integer('companyId')
  return {
    persNr: read.persNr(true)!,
    taxId: read.taxId(),
    name: read.required('name'),
    returnType: read.returnType(),
    year: read.year(),
    submittedOn: read.date('abgabedatum'),
    relevant: read.yesNo('relevant'),
    companyNo,
    kontonr: read.optional('kontonr'),
    ntcsId: read.optional('ntcs_id'),
    kanzleiId: read.optional('kanzlei_id'),
  }
}

/** One row of the FinanzOnline quota list, checked; `row` is its line number in the file. */
export function parseQuotaRow(raw: RawRow, row: number): FonQuotaRow {
  const read = new RowReader(raw, row)
  return {
    taxId: read.taxId(),
    persNr: read.persNr(false),
    name: read.required('name'),
    returnType: read.returnType(),
    year: read.year(),
    receivedOn: read.date('eingangsDatum'),
    regKassa: read.regKassa(),
    saldo: read.amount('saldo'),
  }
}

/**
 * Checks a whole file's rows (after its header): every row, and no return listed twice. Throws FonImportError at
 * the first problem; `lines` are the rows' line numbers in the file (default: 2, 3, … below a header).
 */
export function parseImportRows<K extends FonImportKind>(
  kind: K,
  header: readonly string[],
  rows: readonly RawRow[],
  lines?: readonly number[],
): K extends 'records' ? NtcsRecord[] : FonQuotaRow[] {
  checkColumns(kind, header)
  if (rows.length === 0) throw new FonImportError({ row: 2, column: header[0] ?? '', rule: 'empty', value: '' })
  const seen = new Set<string>()
  const parsed = rows.map((raw, index) => {
    const row = lines?.[index] ?? index + 2
    const value = kind === 'records' ? parseRecordRow(raw, row) : parseQuotaRow(raw, row)
    const key = `${value.taxId}|${value.returnType}|${value.year}`
    if (seen.has(key)) throw new FonImportError({ row, column: 'taxId', rule: 'duplicate', value: raw.taxId ?? '' })
    seen.add(key)
    return value
  })
  return parsed as K extends 'records' ? NtcsRecord[] : FonQuotaRow[]
}
