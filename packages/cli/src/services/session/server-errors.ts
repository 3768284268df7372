import { CliError, NotSignedInError } from '../../errors'
import { ExitCode } from '../../exit-codes'

/** Turns what a server call threw into an error the CLI can explain (401 → not signed in, exit 4; unreachable, exit 5). */
export function toCliError(error: unknown, server: string): unknown {
  if (error instanceof CliError) return error
  // fetch (and openid-client on top of it) fails with a TypeError when the server cannot be reached.
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    const cause = (error as { cause?: { message?: string; code?: string } }).cause
    const message = cause?.code ?? cause?.message ?? error.message
    return new CliError('errors.unreachable', { server, message }, ExitCode.unreachable, 'hints.server')
  }
  if (typeof error === 'object' && error !== null) {
    const code = 'code' in error ? error.code : undefined
    const message = 'message' in error ? String(error.message) : String(error)
    if (code === 401) return new NotSignedInError({ server })
    if (typeof code === 'number') return new CliError('errors.server', { message })
    if (typeof code === 'string' && /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT/.test(code)) {
      return new CliError('errors.unreachable', { server, message }, ExitCode.unreachable, 'hints.server')
    }
    if (/xhr poll error|websocket error|timeout/i.test(message)) {
      return new CliError('errors.unreachable', { server, message }, ExitCode.unreachable, 'hints.server')
    }
  }
  return error
}
