import { Box, Text } from 'ink'
import type { Translate } from '../../../i18n'
import type { RecentDocument } from '../../../services/tui/recent-documents'

/** Props of RecentDocuments. */
export interface RecentDocumentsProps {
  documents: RecentDocument[]
  t: Translate
}

const COLORS: Record<string, string> = { queued: 'yellow', processing: 'cyan', done: 'green', failed: 'red' }

/** The newest documents of a company with where their processing stands, so uploads can be followed. */
export function RecentDocuments({ documents, t }: RecentDocumentsProps) {
  if (documents.length === 0) return <Text dimColor>{t('tui.noDocuments')}</Text>
  return (
    <Box flexDirection="column">
      {documents.map((doc) => (
        <Box key={doc.id} gap={1}>
          <Box width={14} flexShrink={0}>
            <Text color={COLORS[doc.state]}>{t(`tui.states.${doc.state}`, { defaultValue: doc.state })}</Text>
          </Box>
          <Text>{doc.fileName}</Text>
        </Box>
      ))}
    </Box>
  )
}
