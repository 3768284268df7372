import { readFile } from 'node:fs/promises'
import { writeLine } from '../../io'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { withPortal } from '../session/with-portal'

/** The options of `portal export result`. */
export interface ExportResultOptions {
  client: number
  file: string
}

/** A result file's text: UTF-8 when it is valid UTF-8, else Windows-1252 (what BMD and DATEV write by default). */
export function decodeResultFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/** Reads the ERP's import result file onto the documents and tells per booking what happened. */
export async function applyExportResult(ctx: CommandContext, options: ExportResultOptions): Promise<void> {
  let bytes: Uint8Array
  try {
    bytes = await readFile(options.file)
  } catch (error) {
    throw new CliError('erp:cli.unreadableFile', { file: options.file, message: (error as Error).message })
  }
  const answer = await withPortal(ctx, (client) =>
    client.service('erp-import-results').create({ client_no: options.client, content: decodeResultFile(bytes) }),
  )
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
