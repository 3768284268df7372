import { validateRemark } from '@portal/sdk/domain'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { withPortal } from '../session/with-portal'
import { printFonItem } from './show'

/** `portal fon resolve ID --remark "…"`: resolves a conflict manually; the remark is required (checked before any call). */
export async function resolveFon(ctx: CommandContext, id: number, remark: string | undefined): Promise<void> {
  if (validateRemark(remark)) throw new CliError('errors.usage', { message: ctx.t('fon:errors.remarkRequired') })
  const item = await withPortal(ctx, (client) => client.service('fon-items').patch(id, { action: 'resolve', remark: remark!.trim() }))
  ctx.status(ctx.t('fon:cli.resolved', { id }))
  printFonItem(ctx, item)
}

/** `portal fon reopen ID`: a resolved item goes back to the state the last reconciliation gave it. */
export async function reopenFon(ctx: CommandContext, id: number): Promise<void> {
  const item = await withPortal(ctx, (client) => client.service('fon-items').patch(id, { action: 'reopen' }))
  ctx.status(ctx.t('fon:cli.reopened', { id }))
  printFonItem(ctx, item)
}
