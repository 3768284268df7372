/**
 * What the service worker does with a request (issue 36): it caches the app shell — the start page, the code and
 * styles (files under /assets/ are named by their content's hash), the manifests and icons — and nothing else. The
 * API (/api: documents, page images, uploads), the realtime socket and the identity provider are never answered from
 * or stored in a cache, so no document, no answer and nothing personal is kept by it.
 */

/** How one request is handled. */
export type ShellDecision =
  /** Not the worker's business: the browser fetches it as if there were no worker. */
  | 'network'
  /** A page of the portal: from the network, the cached start page only when the network fails (offline). */
  | 'page'
  /** A file of the shell: from the cache, else the network (and then kept). */
  | 'shell'

/** Paths whose answers are data, never cached. */
export const NEVER_CACHED = ['/api/', '/socket.io', '/realms/', '/logout']

/** The start page the worker keeps for pages opened offline. */
export const SHELL_PAGE = '/index.html'

/** The request as far as the decision needs it. */
export interface ShellRequest {
  url: string
  method: string
  mode: string
}

/** Decides how the worker handles `request` of the portal at `origin`; `shellFiles` are the precached paths. */
export function decideShellRequest(request: ShellRequest, origin: string, shellFiles: ReadonlySet<string>): ShellDecision {
  if (request.method !== 'GET') return 'network'
  const url = new URL(request.url)
  if (url.origin !== origin) return 'network'
  if (NEVER_CACHED.some((prefix) => url.pathname === prefix.replace(/\/$/, '') || url.pathname.startsWith(prefix))) return 'network'
  if (request.mode === 'navigate') return 'page'
  // A query string makes it something else than the file (no shell file takes one).
  if (url.search) return 'network'
  if (shellFiles.has(url.pathname) || url.pathname.startsWith('/assets/')) return 'shell'
  return 'network'
}
