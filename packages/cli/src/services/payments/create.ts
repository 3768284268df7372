import { formatAmount } from '@portal/sdk/i18n'
import { viennaToday } from '@portal/sdk/domain'
import { paymentRunHttpPaths, type PaymentRunRecord } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { saveHttpFile } from '../session/save-http-file'
import { withPortal } from '../session/with-portal'
import { fetchProposal, type CreateRunOptions } from './propose'

/** Saves a run's pain.001 file (the kept bytes) to `output` or its own name. */
export async function saveRunFile(ctx: CommandContext, run: Pick<PaymentRunRecord, 'id' | 'file_name'>, output?: string): Promise<{ file: string; size: number }> {
  return saveHttpFile(ctx, paymentRunHttpPaths.file(run.id), output ?? run.file_name, 'unpaid:runs.cli.unwritableFile')
}

/**
 * `portal payments create --client N (--items 1,2 | --proposed) [--credit-notes 3,4] [--date D] [--grouping …] [--format …] [-o FILE]`:
 * makes a run of the named open items (or of the portal's proposal) and, unless it waits for a second person's
 * release, saves its SEPA file.
 */
export async function createPaymentRun(ctx: CommandContext, options: CreateRunOptions): Promise<void> {
  const date = options.date ?? viennaToday()
  const ids = options.proposed ? (await fetchProposal(ctx, { ...options, date })).items.map((item) => item.id) : (options.items ?? [])
  if (ids.length === 0) throw new CliError(options.proposed ? 'unpaid:runs.noProposal' : 'unpaid:runs.cli.itemsRequired')
  const data = {
    company_no: options.client,
    open_item_ids: ids,
    execution_date: date,
    // Credit notes are set off only with one transfer per supplier: that grouping unless another is asked for.
    ...(options.grouping ? { grouping: options.grouping } : options.creditNotes?.length ? { grouping: 'supplier' as const } : {}),
    ...(options.format ? { pain_version: options.format } : {}),
    ...(options.creditNotes?.length ? { credit_note_ids: options.creditNotes } : {}),
  }
  const run = await withPortal(ctx, (client) => client.service('payment-runs').create(data), { company: options.client })
  const saved = run.release_required ? undefined : await saveRunFile(ctx, run, options.output)
  if (ctx.json) {
    ctx.printJson({ ...run, ...(saved ? { saved_to: saved.file } : {}) })
    return
  }
  ctx.status(ctx.t('unpaid:runs.created', { id: run.id, count: run.count, total: formatAmount(run.total, ctx.lang, 'EUR') }))
  ctx.status(saved ? ctx.t('unpaid:runs.cli.saved', { id: run.id, ...saved }) : ctx.t('unpaid:runs.awaitingRelease'))
}

/** `portal payments release RUN`: the second person releases a run (then its file may be downloaded). */
export async function releasePaymentRun(ctx: CommandContext, id: number): Promise<void> {
  const run = await withPortal(ctx, (client) => client.service('payment-runs').patch(id, { action: 'release' }))
  if (ctx.json) ctx.printJson(run)
  else ctx.status(ctx.t('unpaid:runs.cli.released', { id: run.id, name: run.released_by_name ?? '' }))
}

/** `portal payments download RUN [-o FILE]`: saves a run's SEPA file again (the same bytes every time). */
export async function downloadPaymentRun(ctx: CommandContext, id: number, output: string | undefined): Promise<void> {
  const run = await withPortal(ctx, (client) => client.service('payment-runs').get(id))
  const saved = await saveRunFile(ctx, run, output)
  if (ctx.json) ctx.printJson({ id, sha256: run.file_sha256, ...saved })
  else ctx.status(ctx.t('unpaid:runs.cli.saved', { id, ...saved }))
}
