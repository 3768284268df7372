/** hoodiecrow-imap ships no types: the part of its API the IMAP intake test uses (a scriptable IMAP test server). */
declare module 'hoodiecrow-imap' {
  import type { Server } from 'node:net'

  /** Folders by path, each with its messages as raw RFC 5322 text. */
  interface HoodiecrowOptions {
    plugins?: string[]
    storage?: Record<string, { messages?: { raw: string; flags?: string[] }[] }>
  }

  /** Creates the server (user "testuser", password "testpass"); call listen(port). */
  // eslint-disable-next-line no-restricted-syntax -- the package's own (CommonJS) export is a default one
  export default function hoodiecrow(options?: HoodiecrowOptions): Server
}
