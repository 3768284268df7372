import type { CommandContext } from '../../context'
import { withPortal } from '../session/with-portal'

/** Revokes a scanner's token: its uploads are refused until it gets a new one. */
export async function revokeScanner(ctx: CommandContext, id: number): Promise<void> {
  const scanner = await withPortal(ctx, (client) => client.service('scanner-tokens').remove(id))
  if (ctx.json) ctx.printJson(scanner)
  else ctx.status(ctx.t('scanners:cli.revoked', { id: scanner.id, location: scanner.location }))
}
