import { Box, Text } from 'ink'
import type { Translate } from '../../../i18n'
import type { Counts } from '../../../services/tui/counts'

export type { Counts }

/** Props of PendingCounts. */
export interface PendingCountsProps {
  counts: Counts | undefined
  t: Translate
}

function Count({ label, value, t }: { label: string; value: number | null; t: Translate }) {
  return (
    <Box gap={1}>
      <Box width={36} flexShrink={0}>
        <Text>{label}</Text>
      </Box>
      {value === null ? (
        <Text dimColor>{t('tui.unavailable')}</Text>
      ) : (
        <Text bold color={value > 0 ? 'red' : 'green'}>
          {value}
        </Text>
      )}
    </Box>
  )
}

/** The two badges of the web's drawer as lines: incoming invoices and editor documents to process. */
export function PendingCounts({ counts, t }: PendingCountsProps) {
  if (!counts) return <Text dimColor>{t('tui.loading')}</Text>
  return (
    <Box flexDirection="column">
      <Count label={t('tui.invoices')} value={counts.invoices} t={t} />
      <Count label={t('tui.editor')} value={counts.editor} t={t} />
    </Box>
  )
}
