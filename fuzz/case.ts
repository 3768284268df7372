import type { Answer } from './answers'
import type { SocketSessions } from './sockets'

/** What every input may use: the server, signed-in users and their companies. */
export interface FuzzContext {
  url: string
  /** Identity token of the administrator (every permission, every company). */
  adminToken: string
  /**
   * An administrator's token of its own sign-in, for inputs that may end their session (logout over a socket):
   * the tokens above must stay valid for the rest of the run.
   */
  expendableToken: string
  /** Identity token of a client company's staff member (one company). */
  clientToken: string
  /** A company both users may use; fuzz uploads go here. */
  companyNo: number
  /** A company the client user may not see. */
  foreignCompanyNo: number
  /** Ids of documents that exist (for get/patch/remove inputs); grows as uploads succeed. */
  documentIds: number[]
  /** Socket sessions per identity, reconnected when the server drops one. */
  sockets: SocketSessions
  /** Documents stored by the fuzz run, with the input that stored them. */
  stored: Map<number, string>
}

/** One generated input: where it belongs, what it is, and how to send it. */
export interface FuzzCase {
  category: string
  /** Short, human-readable; with the seed and the index it identifies the input. */
  description: string
  /** What exactly is sent, set by `run` before sending when the description is generic (shown for hangs too). */
  note?: string
  /** Sends the input and answers what came back; `signal` aborts it when it hangs. */
  run(context: FuzzContext, signal: AbortSignal): Promise<Answer>
}
