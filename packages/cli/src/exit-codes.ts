/** Exit codes of the portal command, as gh uses them. */
export const ExitCode = {
  ok: 0,
  error: 1,
  cancelled: 2,
  notSignedIn: 4,
} as const

/** One of the exit codes. */
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode]
