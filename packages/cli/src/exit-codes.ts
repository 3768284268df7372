/** Exit codes of the portal command, as gh uses them (docs/cli.md lists them). */
export const ExitCode = {
  ok: 0,
  error: 1,
  cancelled: 2,
  notSignedIn: 4,
  /** Nothing answers at the server address (a wrong --server, or the server is down). */
  unreachable: 5,
} as const

/** One of the exit codes. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]
