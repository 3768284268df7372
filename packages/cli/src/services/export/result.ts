import { writeLine } from '../../io'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { sendLocalImportFile } from '../session/send-import-file'

/** The options of `portal export result`. */
export interface ExportResultOptions {
  client: number
  file: string
}

/**
 * Reads the ERP's import result file onto the documents and tells per booking what happened. The file goes through the
 * import door as it is; the server reads it as UTF-8, else Windows-1252 (what BMD and DATEV write by default).
 */
export async function applyExportResult(ctx: CommandContext, options: ExportResultOptions): Promise<void> {
  const answer = await sendLocalImportFile(ctx, {
    service: 'erp-import-results',
    data: { client_no: options.client },
    path: options.file,
    unreadable: (error) => new CliError('erp:cli.unreadableFile', { file: options.file, message: (error as Error).message }),
  })
  if (ctx.json) {
    ctx.printJson(answer)
    return
  }
  const { t } = ctx
  for (const row of answer.applied) {
    const outcome = t(`erp:itemStatus.${row.outcome === 'ok' ? 'imported' : row.outcome}`)
    writeLine(ctx.io.stdout, t('erp:cli.resultRow', { bookingNo: row.booking_no, documentId: row.document_id, outcome, message: row.message ? `: ${row.message}` : '' }))
  }
  if (answer.unknown.length > 0) ctx.status(t('erp:cli.unknownNumbers', { client: options.client, numbers: answer.unknown.join(', ') }))
  ctx.status(t('erp:cli.resultSummary', answer.counts))
}
