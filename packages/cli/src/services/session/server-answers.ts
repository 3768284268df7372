import type { CommandContext } from '../../context'
import { CliError } from '../../errors'
import { ExitCode } from '../../exit-codes'

/** How long a server may take to answer at all before it counts as absent. */
const ANSWER_TIMEOUT_MS = 5_000

/**
 * The error for a server address where nothing answers: a wrong --server, or a server that is down (exit code 5).
 * Not "not signed in": signing in there would fail as well.
 */
export function nothingAnswers(server: string): CliError {
  return new CliError('errors.nothingAnswers', { server }, ExitCode.unreachable, 'hints.server')
}

/**
 * Whether anything answers HTTP at the run's server: asked only when there is no session for it, to tell a wrong
 * address from a server the user has not signed in to yet. Any HTTP answer counts; a refused or timed-out connection
 * does not.
 */
export async function serverAnswers(ctx: CommandContext): Promise<boolean> {
  try {
    const response = await fetch(ctx.server, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) })
    await response.body?.cancel()
    return true
  } catch (error) {
    ctx.debug(`nothing answers at ${ctx.server}: ${String((error as { cause?: unknown }).cause ?? error)}`)
    return false
  }
}
