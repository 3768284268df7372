import { describeDiff, type UserDiff } from '@portal/sdk/domain'
import { translateMessage } from '@portal/sdk/i18n'
import type { CommandContext } from '../../context'
import { writeLine } from '../../io'

/** A refused row as the CLI tells it: its line in the file (or number in the list), the user, the column, the rule. */
export interface LineError {
  line: number
  email: string
  field: string
  message: { key: string; params?: Readonly<Record<string, string | number>> }
}

/** Prints each changing user and what they gain and lose (stdout: it is the preview's data). */
export function printDiffs(ctx: CommandContext, diffs: readonly UserDiff[]): void {
  if (diffs.length === 0) return
  writeLine(ctx.io.stdout, ctx.t('users:cli.diffHeading'))
  for (const diff of diffs) {
    const lines = describeDiff(diff).map((message) => translateMessage(ctx.t, message))
    writeLine(ctx.io.stdout, `  ${diff.email}: ${lines.join('; ')}`)
  }
}

/**
 * Refused rows for --json: each message keeps its key and parameters and carries the sentence as `text`, so a script
 * need not know the catalogue (issue 38).
 */
export function explainedLineErrors<E extends { message: LineError['message'] }>(ctx: CommandContext, errors: readonly E[]): E[] {
  return errors.map((error) => ({ ...error, message: { ...error.message, text: translateMessage(ctx.t, error.message) } }))
}

/** Prints every refused row with its line and rule (stderr), each on its own line. */
export function printLineErrors(ctx: CommandContext, errors: readonly LineError[]): void {
  writeLine(ctx.io.stderr, ctx.t('users:cli.rowsHeading'))
  for (const error of [...errors].sort((a, b) => a.line - b.line)) {
    const message = translateMessage(ctx.t, error.message)
    writeLine(ctx.io.stderr, `  ${ctx.t('users:bulk.line', { line: error.line, email: error.email || '-', field: error.field, message })}`)
  }
}
