import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { renderProgress, renderTable } from '../../ui'
import { freshSession } from '../session/fresh-tokens'
import { NotSignedInError } from '../../errors'
import { collectFiles } from './collect-files'
import { HttpError } from './upload-api'
import { runUpload, type FileOutcome } from './run-upload'

/** Document types the upload endpoint takes: incoming and outgoing invoices, cash book, other documents. */
export const UPLOAD_TYPES = ['er_u', 'ar_u', 'ka', 'other'] as const

/** Flags and arguments of `portal upload`. */
export interface UploadOptions {
  paths: string[]
  client: number
  type: (typeof UPLOAD_TYPES)[number]
  recursive: boolean
  concurrency: number
}

/** What `portal upload --json` prints. */
export interface UploadReport {
  client: number
  type: string
  results: FileOutcome[]
}

const FAILED: FileOutcome['status'][] = ['refused', 'failed']

/** Uploads files and folders to a company, shows progress, prints a summary; fails when any file failed. */
export async function upload(ctx: CommandContext, options: UploadOptions): Promise<void> {
  const { t } = ctx
  const files = await collectFiles(options.paths, options.recursive)
  if (files.length === 0) {
    ctx.status(t('upload.noFiles'))
    if (ctx.json) ctx.printJson({ client: options.client, type: options.type, results: [] } satisfies UploadReport)
    return
  }
  const session = await freshSession(ctx)
  ctx.status(t('upload.checking', { count: files.length }))
  const view = ctx.json ? undefined : renderProgress(ctx.io.stderr, t)
  let results: FileOutcome[]
  try {
    results = await runUpload({
      target: { server: ctx.server, token: session.idToken, client: options.client, type: options.type },
      files,
      concurrency: options.concurrency,
      dryRun: ctx.dryRun,
      onProgress: (progress) => view?.update(progress),
    })
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) throw new NotSignedInError({ server: ctx.server })
    if (error instanceof HttpError) {
      const message = error.key ? t(error.key, { ...error.params, defaultValue: error.message }) : error.message
      throw new CliError('errors.server', { message })
    }
    if (error instanceof TypeError) {
      throw new CliError('errors.unreachable', { server: ctx.server, message: error.message }, undefined, 'hints.server')
    }
    throw error
  } finally {
    view?.done()
  }
  if (ctx.json) ctx.printJson({ client: options.client, type: options.type, results } satisfies UploadReport)
  else printSummary(ctx, results)
  const failed = results.filter((result) => FAILED.includes(result.status)).length
  if (failed > 0) throw new CliError('errors.someFailed', { count: failed })
}

function printSummary(ctx: CommandContext, results: FileOutcome[]): void {
  const { t } = ctx
  renderTable(
    ctx.io.stdout,
    [
      { key: 'file', header: t('upload.columns.file') },
      { key: 'result', header: t('upload.columns.result') },
      { key: 'detail', header: t('upload.columns.detail') },
    ],
    results.map((result) => ({
      file: result.file,
      result: t(`upload.status.${result.status}`),
      detail: result.error
        ? t(result.error.key, { ...result.error.params, defaultValue: result.error.message })
        : result.documentId !== undefined
          ? t('upload.documentId', { id: result.documentId })
          : '',
    })),
  )
  const count = (...statuses: FileOutcome['status'][]) => results.filter((r) => statuses.includes(r.status)).length
  ctx.status(
    t('upload.counts', {
      uploaded: count('uploaded', 'planned'),
      exists: count('exists', 'skipped'),
      failed: count('refused', 'failed'),
    }),
  )
}
