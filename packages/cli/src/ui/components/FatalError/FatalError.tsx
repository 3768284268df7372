import { Box, Text } from 'ink'

/** Props of FatalError. */
export interface FatalErrorProps {
  message: string
  /** What to try next. */
  hint?: string
}

/** The error that ended a command, in red, with what to do next below it. */
export function FatalError({ message, hint }: FatalErrorProps) {
  return (
    <Box flexDirection="column">
      <Text color="red">✗ {message}</Text>
      {hint ? <Text>{hint}</Text> : null}
    </Box>
  )
}
