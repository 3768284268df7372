import { Box, Text } from 'ink'
import type { Translate } from '../../../i18n'
import type { UploadProgress as Progress } from '../../../services/upload/run-upload'
import { ProgressBar } from '../ProgressBar/ProgressBar'
import { formatBytes } from '../../format-bytes'

/** Props of UploadProgress. */
export interface UploadProgressProps {
  progress: Progress
  t: Translate
  /** How many per-file lines to show at most (the ones in flight first). */
  maxFiles?: number
}

const MARK: Record<string, { symbol: string; color: string }> = {
  uploaded: { symbol: '✓', color: 'green' },
  planned: { symbol: '·', color: 'cyan' },
  exists: { symbol: '=', color: 'yellow' },
  skipped: { symbol: '=', color: 'yellow' },
  refused: { symbol: '✗', color: 'red' },
  failed: { symbol: '✗', color: 'red' },
}

/** Per-file bars and a total bar with bytes and files. */
export function UploadProgress({ progress, t, maxFiles = 8 }: UploadProgressProps) {
  const active = progress.files.filter((file) => !file.outcome && file.sent > 0)
  const finished = progress.files.filter((file) => file.outcome)
  const shown = [...active, ...finished.slice(-Math.max(0, maxFiles - active.length))].slice(0, maxFiles)
  const totalRatio = progress.totalBytes === 0 ? 1 : progress.sentBytes / progress.totalBytes
  return (
    <Box flexDirection="column">
      {shown.map((file) => {
        const mark = file.outcome ? MARK[file.outcome.status] : undefined
        return (
          <Box key={file.label} gap={1}>
            <Text color={mark?.color}>{mark?.symbol ?? '↑'}</Text>
            <ProgressBar ratio={file.size === 0 ? 1 : file.sent / file.size} width={16} />
            <Text>{file.label}</Text>
            {file.outcome ? <Text dimColor>{t(`upload.status.${file.outcome.status}`)}</Text> : null}
          </Box>
        )
      })}
      <Box gap={1}>
        <Text bold>{t('upload.total')}</Text>
        <ProgressBar ratio={totalRatio} />
        <Text>
          {formatBytes(progress.sentBytes)} / {formatBytes(progress.totalBytes)}
        </Text>
        <Text>{t('upload.filesProgress', { done: progress.doneFiles, total: progress.files.length })}</Text>
      </Box>
    </Box>
  )
}
