import type { CommandContext } from '../../context'
import { withPortal } from '../session/with-portal'

/** `portal export mark-imported BATCH`: the ERP imported the batch (exp). */
export async function markExportImported(ctx: CommandContext, id: number): Promise<void> {
  const batch = await withPortal(ctx, (client) => client.service('erp-exports').patch(id, { imported: true }))
  if (ctx.json) ctx.printJson(batch)
  else ctx.status(ctx.t('erp:cli.markedImported', { id }))
}

/** `portal export revoke BATCH`: withdraws a batch the ERP has not imported. */
export async function revokeExport(ctx: CommandContext, id: number): Promise<void> {
  const batch = await withPortal(ctx, (client) => client.service('erp-exports').remove(id))
  if (ctx.json) ctx.printJson(batch)
  else ctx.status(ctx.t('erp:cli.revoked', { id }))
}
