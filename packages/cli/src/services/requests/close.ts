import type { CommandContext } from '../../context'
import { withPortal } from '../session/with-portal'

/** Closes a request (the firm's staff, acc). */
export async function closeRequest(ctx: CommandContext, id: number): Promise<void> {
  const record = await withPortal(ctx, (client) => client.service('document-requests').patch(id, { status: 'closed' }))
  if (ctx.json) {
    ctx.printJson(record)
    return
  }
  ctx.status(ctx.t('requests:cli.closed', { id: record.id }))
}
