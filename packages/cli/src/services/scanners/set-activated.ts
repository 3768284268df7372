import type { CommandContext } from '../../context'
import { withPortal } from '../session/with-portal'

/** Activates or deactivates a scanner (a deactivated one's uploads are refused, nothing stored). */
export async function setScannerActivated(ctx: CommandContext, id: number, activated: boolean): Promise<void> {
  const scanner = await withPortal(ctx, (client) => client.service('scanners').patch(id, { activated }))
  if (ctx.json) ctx.printJson(scanner)
  else ctx.status(ctx.t(activated ? 'scanners:cli.activated' : 'scanners:cli.deactivated', { id: scanner.id, location: scanner.location }))
}
