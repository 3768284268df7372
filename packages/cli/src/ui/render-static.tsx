import { renderToString } from 'ink'
import type { ReactNode } from 'react'
import type { Writable } from 'node:stream'
import { Table, type TableColumn } from './components/Table/Table'
import { Details } from './components/Details/Details'
import { FatalError } from './components/FatalError/FatalError'

type Stream = Writable & { columns?: number }

function write(stream: Stream, node: ReactNode): void {
  stream.write(`${renderToString(node, { columns: stream.columns ?? 120 })}\n`)
}

/** Prints rows as a table on the stream (data: use stdout). */
export function renderTable(stream: Stream, columns: TableColumn[], rows: Record<string, string>[]): void {
  write(stream, <Table columns={columns} rows={rows} />)
}

/** Prints aligned label/value lines on the stream. */
export function renderDetails(stream: Stream, rows: { label: string; value: string }[]): void {
  write(stream, <Details rows={rows} />)
}

/** Prints the error that ended the command, with a hint, on the stream (use stderr). */
export function renderFatalError(stream: Stream, message: string, hint?: string): void {
  write(stream, <FatalError message={message} hint={hint} />)
}
