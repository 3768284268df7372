import { Text } from 'ink'

/** Props of ProgressBar. */
export interface ProgressBarProps {
  /** 0 to 1. */
  ratio: number
  width?: number
}

/** A bar of block characters. */
export function ProgressBar({ ratio, width = 24 }: ProgressBarProps) {
  const filled = Math.round(Math.min(1, Math.max(0, ratio)) * width)
  return (
    <Text>
      <Text color="green">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text>
    </Text>
  )
}
