import type { CellValue } from 'exceljs'
import { FonImportError, parseImportRows, type FonImportKind, type FonQuotaRow, type NtcsRecord, type RawRow } from '@portal/sdk/domain'
import { hasNul, withoutNul } from '../db/storable-text'

/**
 * Reads an import file into its header and rows of cell texts: CSV (comma or semicolon, as Austrian Excel saves it;
 * UTF-8 with or without BOM) or XLSX (the first sheet). Knows nothing of the database; a file that cannot be read is
 * refused as row 1, rule 'unreadable'.
 */
export interface ImportTable {
  header: string[]
  rows: RawRow[]
  /** Each row's line number in the file (blank lines are skipped, so numbers may jump). */
  lines: number[]
}

/** A NUL in a header or cell is refused naming its row and column (db/storable-text: the database cannot store it). */
function assertNoNul(header: string[], body: { line: number; cells: string[] }[]): void {
  const named = (index: number) => withoutNul(header[index] ?? String(index + 1))
  const inHeader = header.findIndex(hasNul)
  if (inHeader >= 0) throw new FonImportError({ row: 1, column: named(inHeader), rule: 'nul', value: named(inHeader) })
  for (const { line, cells } of body) {
    const index = cells.findIndex(hasNul)
    if (index >= 0) throw new FonImportError({ row: line, column: named(index), rule: 'nul', value: withoutNul(cells[index]) })
  }
}

function table(header: string[], body: { line: number; cells: string[] }[]): ImportTable {
  assertNoNul(header, body)
  const filled = body.filter(({ cells }) => cells.some((cell) => cell.trim() !== ''))
  return {
    header,
    rows: filled.map(({ cells }) => Object.fromEntries(header.map((column, index) => [column, (cells[index] ?? '').trim()]))),
    lines: filled.map(({ line }) => line),
  }
}

function unreadable(): FonImportError {
  return new FonImportError({ row: 1, column: '', rule: 'unreadable', value: '' })
}

async function readCsv(bytes: Uint8Array): Promise<ImportTable> {
  // csv-parse loads with the first CSV file, not with the server.
  const { parse } = await import('csv-parse/sync')
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '')
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'))
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text, { delimiter, skip_empty_lines: true, relax_column_count: true, trim: true, info: true }) as unknown as typeof records
  } catch {
    throw unreadable()
  }
  const [first, ...body] = records
  return table(first?.record ?? [], body.map(({ record, info }) => ({ line: info.lines, cells: record })))
}

function cellText(value: CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as CellValue)
    if ('text' in value) return String(value.text)
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    return ''
  }
  return String(value)
}

async function readXlsx(bytes: Uint8Array): Promise<ImportTable> {
  // exceljs is large: it loads with the first workbook, not with the server.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer)
  } catch {
    throw unreadable()
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw unreadable()
  const lines: { line: number; cells: string[] }[] = []
  sheet.eachRow((row, number) => {
    lines.push({ line: number, cells: Array.from((row.values as CellValue[]).slice(1), cellText) })
  })
  const [first, ...body] = lines
  return table((first?.cells ?? []).map((column) => column.trim()), body)
}

/** Reads a CSV or XLSX file (told by its name). */
export async function readImportFile(fileName: string, bytes: Uint8Array): Promise<ImportTable> {
  return /\.xlsx$/i.test(fileName) ? readXlsx(bytes) : readCsv(bytes)
}

/** Reads and checks a whole import file of a kind; throws FonImportError at its first broken row. */
export async function parseFonFile(kind: FonImportKind, fileName: string, bytes: Uint8Array): Promise<NtcsRecord[] | FonQuotaRow[]> {
  const { header, rows, lines } = await readImportFile(fileName, bytes)
  return kind === 'records' ? parseImportRows('records', header, rows, lines) : parseImportRows('quota', header, rows, lines)
}
