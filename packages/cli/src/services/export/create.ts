import type { ErpExportFormat } from '@portal/sdk/domain'
import type { ErpExportBatch, ErpExportCheck, ErpRefusal } from '@portal/sdk/services'
import { writeLine } from '../../io'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { saveBatchZip } from './download'
import { withPortal } from '../session/with-portal'

/** The options of `portal export create`. */
export interface CreateExportOptions {
  client: number
  format: ErpExportFormat
  period?: string
  from?: string
  to?: string
  output?: string
}

/** One refusal in the user's language. */
export function refusalLine(ctx: CommandContext, refusal: ErpRefusal): string {
  return ctx.t(`erp:refusal.${refusal.reason}`, { ...refusal.params })
}

function printRefusals(ctx: CommandContext, refusals: readonly ErpRefusal[]): void {
  writeLine(ctx.io.stderr, ctx.t('erp:cli.refusedTitle', { count: refusals.length }))
  for (const refusal of refusals) writeLine(ctx.io.stderr, `  - ${refusalLine(ctx, refusal)}`)
}

/**
 * Checks and creates a batch, then saves its ZIP. With --dry-run only the check runs (nothing is stored). A refused
 * batch lists every booking and reason (stderr; with --json the check on stdout) and exits 1.
 */
export async function createExport(ctx: CommandContext, options: CreateExportOptions): Promise<void> {
  if (options.period === undefined && (options.from === undefined || options.to === undefined)) throw new CliError('erp:cli.rangeRequired')
  const range = options.period !== undefined ? { period: options.period } : { from: options.from, to: options.to }
  const data = { client_no: options.client, format: options.format, ...range }
  const check = (await withPortal(ctx, (client) => client.service('erp-exports').create({ ...data, dry_run: true }), { company: options.client })) as ErpExportCheck
  if (ctx.dryRun || check.refusals.length > 0) {
    // Scripts get each refusal's sentence next to its reason code (issue 38).
    if (ctx.json) ctx.printJson({ ...check, refusals: check.refusals.map((refusal) => ({ ...refusal, message: refusalLine(ctx, refusal) })) })
    else if (check.refusals.length === 0) ctx.status(ctx.t('erp:cli.checked', { ...check, format: ctx.t(`erp:format.${check.format}`) }))
    else printRefusals(ctx, check.refusals)
    if (check.refusals.length > 0) throw new CliError('erp:cli.refused')
    return
  }
  const batch = (await withPortal(ctx, (client) => client.service('erp-exports').create(data), { company: options.client })) as ErpExportBatch
  const saved = await saveBatchZip(ctx, batch.id, options.output ?? batch.file_name)
  if (ctx.json) {
    ctx.printJson({ ...batch, saved_to: saved.file })
    return
  }
  ctx.status(ctx.t('erp:cli.created', { ...batch, format: ctx.t(`erp:format.${batch.format}`), file: saved.file, size: saved.size }))
}
