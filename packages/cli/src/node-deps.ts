import type { CliDeps } from './context'
import type { CliIo } from './io'
import { openSessionStore } from './config/session-store'

/** Whether a browser can be opened here: not when asked not to, and not on a Linux box without a display. */
function canOpenBrowser(env: NodeJS.ProcessEnv): boolean {
  if (env.PORTAL_NO_BROWSER) return false
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return false
  return true
}

/** The real outside world: process streams, the browser, the token file (PORTAL_CONFIG_DIR), openid-client. */
export function createNodeDeps(env: NodeJS.ProcessEnv = process.env): CliDeps {
  const interrupt = new AbortController()
  // The first Ctrl+C asks long-running verbs (upload --watch) to stop; a second one ends the process.
  process.once('SIGINT', () => {
    interrupt.abort()
    process.once('SIGINT', () => process.exit(2))
  })
  const io: CliIo = {
    signal: interrupt.signal,
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env,
    openBrowser: async (url) => {
      if (!canOpenBrowser(env)) return false
      try {
        // Loaded only when a browser is to be opened (device login), not on every run.
        const { default: open } = await import('open')
        await open(url)
        return true
      } catch {
        return false
      }
    },
  }
  return {
    io,
    openStore: () => openSessionStore(env.PORTAL_CONFIG_DIR || undefined),
    // openid-client is loaded by the verbs that talk to the identity provider, not by `--help` or a table.
    identity: async (issuer) => (await import('./services/session/openid-identity')).createOpenIdIdentity(issuer),
    now: () => Date.now(),
  }
}
