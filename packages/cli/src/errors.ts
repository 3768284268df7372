import { ExitCode } from './exit-codes'

/** An error a user can act on: an i18n key (namespace cli), its parameters, a hint what to do next. */
export class CliError extends Error {
  override name = 'CliError'
  constructor(
    /** i18n key in the cli namespace. */
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly exitCode: ExitCode = ExitCode.error,
    /** i18n key of what to try next. */
    readonly hintKey?: string,
  ) {
    super(key)
  }
}

/** The command needs a session and there is none (or it cannot be renewed): exit code 4. */
export class NotSignedInError extends CliError {
  override name = 'NotSignedInError'
  constructor(params: Record<string, unknown> = {}) {
    super('errors.notSignedIn', params, ExitCode.notSignedIn, 'hints.login')
  }
}

/** The user stopped the command (Ctrl+C, declined): exit code 2. */
export class CancelledError extends CliError {
  override name = 'CancelledError'
  constructor() {
    super('errors.cancelled', {}, ExitCode.cancelled)
  }
}
