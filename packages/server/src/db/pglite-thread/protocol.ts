/** What the main thread asks the database thread: a query, a copy of the data dir (a backup), or to close the database. */
export type PgliteAsk = { kind: 'query'; sql: string; params?: unknown[]; options?: Record<string, unknown> } | { kind: 'dump' } | { kind: 'close' }

/** A request as posted, numbered so its answer finds it. */
export type PgliteRequest = PgliteAsk & { id: number }

/** A database error as it crosses threads: its message and its fields (code, detail, constraint, …). */
export interface PgliteFailure {
  message: string
  fields: Record<string, unknown>
}

/** What the database thread answers: a result, a failure, or (id 0) that the database is ready or failed to open. */
export type PgliteAnswer = { id: number; result: unknown } | { id: number; failure: PgliteFailure }

/** Settings the database thread starts with. */
export interface PgliteThreadData {
  filename: string
}
