import stringWidth from 'string-width'

/** A column of a table: which field of a row, and its translated header. */
export interface TableColumn {
  key: string
  header: string
}

/** Space between two columns: always at least this, so cells never run together ("2026-10-152026-10-15"). */
const GAP = '  '

/** Pads to a display width (umlauts and wide characters counted as the terminal shows them). */
export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)))
}

/**
 * The lines of a plain text table: a header line, then one line per row, each column as wide as its widest cell and
 * separated by two spaces; no trailing blanks. `header` styles the header cells (bold in a terminal).
 */
export function tableLines(columns: TableColumn[], rows: Record<string, string>[], header: (text: string) => string = (text) => text): string[] {
  const widths = columns.map((column) => Math.max(stringWidth(column.header), ...rows.map((row) => stringWidth(row[column.key] ?? ''))))
  const line = (cells: string[], style: (text: string) => string) =>
    cells
      .map((cell, index) => style(index === cells.length - 1 ? cell : padEnd(cell, widths[index])))
      .join(GAP)
      .trimEnd()
  return [line(columns.map((column) => column.header), header), ...rows.map((row) => line(columns.map((column) => row[column.key] ?? ''), (text) => text))]
}

/** Label/value lines with the labels aligned, as `gh auth status` prints them. */
export function detailLines(rows: { label: string; value: string }[], label: (text: string) => string = (text) => text): string[] {
  const width = Math.max(0, ...rows.map((row) => stringWidth(row.label)))
  return rows.map((row) => `${label(padEnd(row.label, width))}${GAP}${row.value}`.trimEnd())
}
