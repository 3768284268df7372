import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { sendLocalImportFile } from '../session/send-import-file'

/** The options of `portal bank import`. */
export interface BankImportOptions {
  file: string
  client: number
}

/**
 * `portal bank import FILE --client N`: sends a CAMT.053/.054 or MT940 statement file to the company's accounts with
 * approved access (each statement to the account it names); tells what was added, already known and settled. A broken file is refused naming
 * the statement and imports nothing. The file goes through the import door (a month of a busy account outgrows a socket
 * message).
 */
export async function importBankStatement(ctx: CommandContext, options: BankImportOptions): Promise<void> {
  const result = await sendLocalImportFile(ctx, {
    service: 'bank-statements',
    data: { client: options.client },
    path: options.file,
    unreadable: () => new CliError('errors.usage', { message: ctx.t('banking:cli.unreadable', { file: options.file }) }),
  })
  if (ctx.json) ctx.printJson(result)
  else ctx.status(ctx.t('banking:statements.result', { statements: result.statements.join(', '), added: result.added, duplicates: result.duplicates, settled: result.settled, proposed: result.proposed }))
}
