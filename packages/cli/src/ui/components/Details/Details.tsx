import { Box, Text } from 'ink'

/** Props of Details: label and value pairs, in order. */
export interface DetailsProps {
  rows: { label: string; value: string }[]
}

/** Label: value lines with the labels aligned, as `gh auth status` prints them. */
export function Details({ rows }: DetailsProps) {
  const width = Math.max(...rows.map((row) => row.label.length)) + 2
  return (
    <Box flexDirection="column">
      {rows.map((row) => (
        <Box key={row.label}>
          <Box width={width} flexShrink={0}>
            <Text dimColor>{row.label}</Text>
          </Box>
          <Text>{row.value}</Text>
        </Box>
      ))}
    </Box>
  )
}
