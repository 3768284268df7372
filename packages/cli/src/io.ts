import type { Readable, Writable } from 'node:stream'

/** The outside world of one CLI run, passed in so commands are tested without a terminal. */
export interface CliIo {
  /** Data goes here (tables, JSON). */
  stdout: Writable & { isTTY?: boolean; columns?: number }
  /** Status, progress and errors go here. */
  stderr: Writable & { isTTY?: boolean; columns?: number }
  stdin: Readable & { isTTY?: boolean }
  env: NodeJS.ProcessEnv
  /** Aborted when the user interrupts (Ctrl+C), so long-running verbs can stop cleanly. */
  signal: AbortSignal
  /** Opens a URL in the user's browser; resolves false when there is none. */
  openBrowser(url: string): Promise<boolean>
}

/** Writes one line to a stream. */
export function writeLine(stream: Writable, text = ''): void {
  stream.write(`${text}\n`)
}
