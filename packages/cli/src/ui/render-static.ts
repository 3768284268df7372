import type { TableColumn } from './text/table'
import { detailLines, tableLines } from './text/table'
import { styled, type TextStream } from './text/style'

function writeLines(stream: TextStream, lines: string[]): void {
  stream.write(`${lines.join('\n')}\n`)
}

/** Prints rows as a table on the stream (data: use stdout). */
export function renderTable(stream: TextStream, columns: TableColumn[], rows: Record<string, string>[]): void {
  writeLines(stream, tableLines(columns, rows, (text) => styled(stream, 'bold', text)))
}

/** Prints aligned label/value lines on the stream. */
export function renderDetails(stream: TextStream, rows: { label: string; value: string }[]): void {
  writeLines(stream, detailLines(rows, (text) => styled(stream, 'dim', text)))
}

/** Prints the error that ended the command, with a hint, on the stream (use stderr). */
export function renderFatalError(stream: TextStream, message: string, hint?: string): void {
  writeLines(stream, [styled(stream, 'red', `✗ ${message}`), ...(hint ? [hint] : [])])
}
