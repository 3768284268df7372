import { readFile, stat } from 'node:fs/promises'
import { extname } from 'node:path'
import { parse } from 'csv-parse/sync'
import { MAX_USER_CHANGE_FILE_BYTES, readUserChangeRows, type FileRow, type UserChange } from '@portal/sdk/domain'
import { MAX_BULK_CHANGES } from '@portal/sdk/services'
import { CliError } from '../../errors'
import type { LineError } from './print-changes'

/** A bulk file read: its changes with their lines, or the cells that break a rule. */
export interface ChangeFile {
  changes: UserChange[]
  lines: number[]
  errors: LineError[]
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** The cell separator: a header with semicolons and no commas (as Excel writes in German) means ';', else ','. */
function delimiterOf(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? ''
  return header.includes(';') && !header.includes(',') ? ';' : ','
}

function csvRows(text: string): FileRow[] {
  let records: { record: Record<string, string>; info: { lines: number } }[]
  try {
    records = parse(text, { columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()), bom: true, skip_empty_lines: true, trim: true, info: true, delimiter: delimiterOf(text) })
  } catch (error) {
    throw new CliError('users:rule.badCsv', { message: (error as Error).message })
  }
  return records.map(({ record, info }) => ({ line: info.lines, cells: record }))
}

function jsonRows(text: string): FileRow[] {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new CliError('users:rule.badJson', { message: (error as Error).message })
  }
  const list = Array.isArray(value) ? value : (value as { changes?: unknown } | null)?.changes
  if (!Array.isArray(list)) throw new CliError('users:rule.badJson', { message: 'expected a list of changes' })
  return list.map((cells, index) => ({ line: index + 1, cells: cells && typeof cells === 'object' ? (cells as Record<string, unknown>) : { email: cells } }))
}

/**
 * Reads a bulk file (.csv with a header row, or .json: a list of changes), refusing one larger than 5 MB before
 * reading it, and checks every row's cells (see readUserChangeRows).
 */
export async function readChangeFile(file: string): Promise<ChangeFile> {
  const kind = extname(file).toLowerCase()
  if (kind !== '.csv' && kind !== '.json') throw new CliError('users:cli.fileKind', { file })
  let size: number
  try {
    size = (await stat(file)).size
  } catch (error) {
    throw new CliError('users:cli.fileMissing', { file, message: (error as NodeJS.ErrnoException).code ?? String(error) })
  }
  if (size > MAX_USER_CHANGE_FILE_BYTES) throw new CliError('users:rule.tooLarge', { size: megabytes(size), max: megabytes(MAX_USER_CHANGE_FILE_BYTES) })
  const text = await readFile(file, 'utf8')
  const rows = kind === '.csv' ? csvRows(text) : jsonRows(text)
  if (rows.length > MAX_BULK_CHANGES) throw new CliError('users:rule.tooManyRows', { count: rows.length, max: MAX_BULK_CHANGES })
  const { changes, lines, errors } = readUserChangeRows(rows)
  return { changes, lines, errors }
}
