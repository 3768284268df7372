import { createInterface } from 'node:readline/promises'
import type { CommandContext } from '../../context'
import { CancelledError, CliError } from '../../errors'

/**
 * Asks before a change: on a terminal the user answers y/j; without a terminal (a script) `--yes` must be given.
 * Declining ends the command with exit code 2 and nothing changed.
 */
export async function confirmChange(ctx: CommandContext, question: string, yes: boolean | undefined): Promise<void> {
  if (yes) return
  if (!ctx.io.stdin.isTTY) throw new CliError('users:cli.needsYes')
  const prompt = createInterface({ input: ctx.io.stdin, output: ctx.io.stderr })
  try {
    const answer = await prompt.question(ctx.t('users:cli.confirmPrompt', { question }), { signal: ctx.io.signal })
    if (!/^(y|yes|j|ja)$/i.test(answer.trim())) {
      ctx.status(ctx.t('users:cli.declined'))
      throw new CancelledError()
    }
  } finally {
    prompt.close()
  }
}
