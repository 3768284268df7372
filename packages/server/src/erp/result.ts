import type { ErpResultOutcome } from '@portal/sdk/domain'
import { nulPosition } from '../db/storable-text'

/** One row of the ERP's import result file. */
export interface ErpResultRow {
  /** 1-based line in the file. */
  line: number
  bookingNo: number
  outcome: ErpResultOutcome
  message: string | null
}

/** The i18n keys (namespace erp) of a result file that cannot be read. */
export type ErpResultReason = 'erp:error.resultHeader' | 'erp:error.resultStatus' | 'erp:error.resultNumber' | 'erp:error.resultNul'

/** Why a result file cannot be read: the line and an i18n key (namespace erp) with its values. */
export class ErpResultFileError extends Error {
  constructor(
    readonly line: number,
    readonly reasonKey: ErpResultReason,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`Import result file, line ${line}: ${reasonKey}`)
    this.name = 'ErpResultFileError'
  }
}

const NUMBER_COLUMNS = ['belegnr', 'booking_no', 'belegfeld 1', 'belegfeld1']
const STATUS_COLUMNS = ['status']
const MESSAGE_COLUMNS = ['meldung', 'message', 'text']

/** The outcome words the file may use, English and German (case does not matter). */
const OUTCOMES: Record<string, ErpResultOutcome> = {
  ok: 'ok',
  imported: 'ok',
  importiert: 'ok',
  error: 'error',
  fehler: 'error',
  info: 'info',
  hinweis: 'info',
  warning: 'info',
  warnung: 'info',
}

/** The separator the header line uses: semicolon, tab or comma (whichever it has). */
function separatorOf(header: string): string {
  if (header.includes(';')) return ';'
  if (header.includes('\t')) return '\t'
  return ','
}

/** Splits one line at `separator`, honouring double quotes ("a;b" and doubled "" inside). */
function splitLine(line: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"'
        i += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"' && cell === '') quoted = true
    else if (char === separator) {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  cells.push(cell)
  return cells.map((value) => value.trim())
}

function columnOf(header: string[], names: readonly string[]): number {
  return header.findIndex((name) => names.includes(name.toLowerCase()))
}

/**
 * Reads an import result file (docs/erp-export.md): a header naming belegnr (or booking_no, Belegfeld 1), status and
 * meldung (or message, text), in any order and with other columns beside them, separated by semicolons, tabs or
 * commas; then one row per booking number with ok / error / info (or importiert / fehler / hinweis). Empty lines are
 * skipped; an empty message is null. Throws ErpResultFileError naming the line for anything else.
 */
export function parseResultFile(content: string): ErpResultRow[] {
  const nul = nulPosition(content)
  if (nul) throw new ErpResultFileError(nul.line, 'erp:error.resultNul', { column: nul.column })
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  const headerIndex = lines.findIndex((line) => line.trim() !== '')
  if (headerIndex < 0) throw new ErpResultFileError(1, 'erp:error.resultHeader')
  const separator = separatorOf(lines[headerIndex] ?? '')
  const header = splitLine(lines[headerIndex] ?? '', separator)
  const numberAt = columnOf(header, NUMBER_COLUMNS)
  const statusAt = columnOf(header, STATUS_COLUMNS)
  const messageAt = columnOf(header, MESSAGE_COLUMNS)
  if (numberAt < 0 || statusAt < 0) throw new ErpResultFileError(headerIndex + 1, 'erp:error.resultHeader')
  const rows: ErpResultRow[] = []
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const text = lines[index] ?? ''
    if (text.trim() === '') continue
    const cells = splitLine(text, separator)
    const number = cells[numberAt] ?? ''
    if (!/^\d{1,9}$/.test(number)) throw new ErpResultFileError(index + 1, 'erp:error.resultNumber', { value: number })
    const status = cells[statusAt] ?? ''
    const outcome = OUTCOMES[status.toLowerCase()]
    if (!outcome) throw new ErpResultFileError(index + 1, 'erp:error.resultStatus', { status })
    const message = messageAt >= 0 ? (cells[messageAt] ?? '') : ''
    rows.push({ line: index + 1, bookingNo: Number(number), outcome, message: message === '' ? null : message })
  }
  return rows
}
