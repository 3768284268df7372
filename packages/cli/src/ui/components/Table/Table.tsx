import { Box, Text } from 'ink'

/** A column of a table: which field of a row, and its translated header. */
export interface TableColumn {
  key: string
  header: string
}

/** Props of Table. */
export interface TableProps {
  columns: TableColumn[]
  rows: Record<string, string>[]
}

/** A plain text table: bold headers, columns as wide as their widest cell. */
export function Table({ columns, rows }: TableProps) {
  const widths = columns.map((column) =>
    Math.max(column.header.length, ...rows.map((row) => (row[column.key] ?? '').length)),
  )
  return (
    <Box flexDirection="column">
      <Box>
        {columns.map((column, index) => (
          <Box key={column.key} width={widths[index] + 2} flexShrink={0}>
            <Text bold>{column.header}</Text>
          </Box>
        ))}
      </Box>
      {rows.map((row, rowIndex) => (
        <Box key={rowIndex}>
          {columns.map((column, index) => (
            <Box key={column.key} width={widths[index] + 2} flexShrink={0}>
              <Text>{row[column.key] ?? ''}</Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  )
}
