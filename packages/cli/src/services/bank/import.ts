import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { withPortal } from '../session/with-portal'

/** The options of `portal bank import`. */
export interface BankImportOptions {
  file: string
  client: number
}

/**
 * `portal bank import FILE --client N`: sends a CAMT.053 or MT940 statement to the company's account with approved
 * access (found by the file's IBAN); tells what was added, already known and settled. A broken file is refused naming
 * the statement and imports nothing.
 */
export async function importBankStatement(ctx: CommandContext, options: BankImportOptions): Promise<void> {
  const content = await readFile(options.file, 'utf8').catch(() => {
    throw new CliError('errors.usage', { message: ctx.t('banking:cli.unreadable', { file: options.file }) })
  })
  const result = await withPortal(ctx, (client) => client.service('bank-statements').create({ client: options.client, file_name: basename(options.file), content }))
  if (ctx.json) ctx.printJson(result)
  else ctx.status(ctx.t('banking:statements.result', { statements: result.statements.join(', '), added: result.added, duplicates: result.duplicates, settled: result.settled, proposed: result.proposed }))
}
