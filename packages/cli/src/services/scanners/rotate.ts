import type { CommandContext } from '../../context'
import { printToken } from './register'
import { withPortal } from '../session/with-portal'

/** Issues a new token for a scanner (the old one stops working) and prints it once. */
export async function rotateScanner(ctx: CommandContext, id: number): Promise<void> {
  const answer = await withPortal(ctx, (client) => client.service('scanner-tokens').create({ scanner_id: id }))
  printToken(ctx, answer, 'scanners:cli.rotated')
}
