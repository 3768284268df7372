import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { UploadType } from '@portal/sdk/domain'
import type { CommandContext } from '../../context'
import { CancelledError, CliError } from '../../errors'
import { ExitCode } from '../../exit-codes'
import { renderTable } from '../../ui'
import { renderProgress } from '../../ui/render-progress'
import { freshSession } from '../session/fresh-tokens'
import { explainForeignCompany } from '../session/foreign-company'
import { NotSignedInError } from '../../errors'
import { collectFiles } from './collect-files'
import { HttpError, type UploadTarget } from './upload-api'
import { runUpload, type FileOutcome } from './run-upload'
import { watchFolder } from './watch-folder'

/** Flags and arguments of `portal upload`. */
export interface UploadOptions {
  paths: string[]
  /** The company; not needed when delivering as a scanner (its token names the company). */
  client?: number
  /** Deliver as a scanner with its token instead of a person's sign-in (also PORTAL_SCANNER_TOKEN). */
  scannerToken?: string
  /** Incoming or outgoing invoices, cash book, other documents (UPLOAD_TYPES of the SDK domain). */
  type: UploadType
  recursive: boolean
  concurrency: number
  /** Keep watching the (single) folder and upload new files as they appear. */
  watch?: boolean
}

/** What `portal upload --json` prints. */
export interface UploadReport {
  /** The company named; null when delivered as a scanner (the scanner's own company). */
  client: number | null
  type: string
  results: FileOutcome[]
}

const FAILED: FileOutcome['status'][] = ['refused', 'failed']

/** Uploads files and folders to a company, shows progress, prints a summary; fails when any file failed. */
export async function upload(ctx: CommandContext, options: UploadOptions): Promise<void> {
  const { t } = ctx
  const deliverer = uploaderOf(ctx, options)
  if (options.watch) return watch(ctx, options, deliverer)
  const files = await collectFiles(options.paths, options.recursive)
  if (files.length === 0) {
    ctx.status(t('upload.noFiles'))
    if (ctx.json) ctx.printJson({ client: options.client ?? null, type: options.type, results: [] } satisfies UploadReport)
    return
  }
  const target = await deliverer()
  ctx.status(t('upload.checking', { count: files.length }))
  const view = ctx.json ? undefined : renderProgress(ctx.io.stderr, t)
  let results: FileOutcome[]
  try {
    results = await runUpload({
      target,
      files,
      concurrency: options.concurrency,
      dryRun: ctx.dryRun,
      onProgress: (progress) => view?.update(progress),
    })
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && !target.scanner) throw new NotSignedInError({ server: ctx.server })
    if (error instanceof HttpError && !target.scanner) {
      const foreign = await explainForeignCompany(ctx, options.client, error)
      if (foreign !== error) throw foreign
    }
    if (error instanceof HttpError) {
      const message = error.key ? t(error.key, { ...error.params, defaultValue: error.message }) : error.message
      throw new CliError('errors.server', { message })
    }
    if (error instanceof TypeError) {
      throw new CliError('errors.unreachable', { server: ctx.server, message: error.message }, ExitCode.unreachable, 'hints.server')
    }
    throw error
  } finally {
    view?.done()
  }
  if (ctx.json) ctx.printJson({ client: options.client ?? null, type: options.type, results: results.map((result) => explained(ctx, result)) } satisfies UploadReport)
  else printSummary(ctx, results)
  const failed = results.filter((result) => FAILED.includes(result.status)).length
  if (failed > 0) throw new CliError('errors.someFailed', { count: failed })
}

/**
 * A refused file's outcome with the server's reason in the user's words: the server sends a key (refusal.brokenPdf)
 * and, as the message, often only the key again; scripts reading --json get both the key and the sentence (issue 38).
 * A file that failed here keeps its technical message (the key only says "failed").
 */
function explained(ctx: CommandContext, result: FileOutcome): FileOutcome {
  if (!result.error || result.status !== 'refused') return result
  const { key, params, message } = result.error
  return { ...result, error: { ...result.error, message: ctx.t(key, { ...params, defaultValue: message }) } }
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

/**
 * How this run delivers: as a scanner when a scanner token is given (flag or PORTAL_SCANNER_TOKEN; no sign-in, the
 * token names the company), else as the signed-in person to --client. Called again per watch round, so a person's
 * tokens are renewed and a watch can run for days.
 */
function uploaderOf(ctx: CommandContext, options: UploadOptions): () => Promise<UploadTarget> {
  const scannerToken = options.scannerToken || ctx.io.env.PORTAL_SCANNER_TOKEN || undefined
  if (scannerToken) return async () => ({ server: ctx.server, token: scannerToken, client: options.client ?? 0, type: options.type, scanner: true })
  const client = options.client
  if (client === undefined) throw new CliError('scanners:cli.clientRequired')
  return async () => ({ server: ctx.server, token: (await freshSession(ctx)).idToken, client, type: options.type })
}

/** `--watch`: uploads files as they appear in one folder until interrupted (exit code 2, as any cancel). */
async function watch(ctx: CommandContext, options: UploadOptions, deliverer: () => Promise<UploadTarget>): Promise<void> {
  const { t } = ctx
  const folder = resolve(options.paths[0] ?? '.')
  const info = await stat(folder).catch(() => null)
  if (options.paths.length !== 1 || !info?.isDirectory()) throw new CliError('errors.watchOneFolder')
  await deliverer()
  ctx.status(t('upload.watching', { folder }))
  await watchFolder({
    folder,
    concurrency: options.concurrency,
    signal: ctx.io.signal,
    intervalMs: Number(ctx.io.env.PORTAL_WATCH_INTERVAL_MS) || undefined,
    // Tokens are renewed between rounds, so a watch can run for days.
    target: deliverer,
    onOutcome: (outcome) => {
      if (ctx.json) ctx.io.stdout.write(`${JSON.stringify(outcome)}\n`)
      else ctx.status(`${outcome.file}: ${t(`upload.status.${outcome.status}`)}`)
    },
  })
  throw new CancelledError()
}
