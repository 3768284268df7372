import type { ScannerTokenAnswer } from '@portal/sdk/services'
import type { CommandContext } from '../../context'
import { withPortal } from '../session/with-portal'

/** Flags of `portal scanners register`. */
export interface RegisterScannerOptions {
  location: string
  company: number
  user: string[]
}

/** Prints a token answer: the token alone on stdout (for scripts), what it is on stderr; or the whole answer as JSON. */
export function printToken(ctx: CommandContext, answer: ScannerTokenAnswer, doneKey: string): void {
  if (ctx.json) {
    ctx.printJson(answer)
    return
  }
  const { scanner } = answer
  ctx.status(ctx.t(doneKey, { id: scanner.id, location: scanner.location, company: scanner.company_no }))
  ctx.status(ctx.t('scanners:cli.tokenOnce'))
  ctx.io.stdout.write(`${answer.token}\n`)
}

/** Registers a scanner for a company (with assigned users) and prints its token once. */
export async function registerScanner(ctx: CommandContext, options: RegisterScannerOptions): Promise<void> {
  const answer = await withPortal(ctx, (client) =>
    client.service('scanner-registrations').create({ location: options.location, company_no: options.company, users: options.user }),
  )
  printToken(ctx, answer, 'scanners:cli.registered')
}
