import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { explainedLineErrors, printLineErrors } from './print-changes'
import { readChangeFile } from './read-change-file'
import { runChanges } from './run-changes'

/** Flags of `portal users apply`. */
export interface ApplyUsersOptions {
  yes?: boolean
}

/**
 * Applies a bulk file: every row is checked first, here (columns, codes, numbers, yes/no) and by the server's dry
 * run (unknown users and clients, self-lockout); each bad row is reported with its line and rule and nothing
 * changes. Then the diff is printed; --dry-run stops there, otherwise (confirmed, or --yes) the whole file is
 * applied in one transaction.
 */
export async function applyUsers(ctx: CommandContext, file: string, options: ApplyUsersOptions): Promise<void> {
  const read = await readChangeFile(file)
  if (read.errors.length > 0) {
    if (ctx.json) ctx.printJson({ errors: explainedLineErrors(ctx, read.errors) })
    else printLineErrors(ctx, read.errors)
    throw new CliError('users:bulk.invalid', { count: read.errors.length })
  }
  if (read.changes.length === 0) {
    ctx.status(ctx.t('users:bulk.nothing'))
    return
  }
  await runChanges(ctx, read.changes, { yes: options.yes, lines: read.lines })
}
