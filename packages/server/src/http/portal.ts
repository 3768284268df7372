import { serveStatic } from '@feathersjs/koa'
import { createError, errorTypeKey } from '@portal/sdk/errors'
import type { Context, Next } from 'koa'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Whether a path can name a file of the built portal. Doubled slashes, dot segments, backslashes, NUL and broken
 * escapes never do; the static file server would refuse them with a 400 or 403 error (answered as 500 before).
 */
export function isPortalFilePath(path: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return false
  }
  return !decoded.includes('\u0000') && !decoded.includes('\\') && !decoded.includes('//') && !/(^|\/)\.\.(\/|$)/.test(decoded)
}

/** The built portal: its index.html (for its inline scripts' hashes) and the middleware that serves it. */
export interface Portal {
  indexHtml: string
  middleware: (ctx: Context, next: Next) => Promise<void>
}

// Vite names every file under assets/ by its content's hash, so a browser may keep them for good; index.html
// (which names the current ones) is asked for again on every load.
const ASSETS = '/assets/'
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves the built portal: its static files, and index.html for every client-side route (GET requests that
 * accept HTML and that nothing else answered). Paths that cannot name a file are a plain 404. Undefined when
 * `webDir` holds no build (tests of the API alone).
 */
export function servePortal(webDir: string): Portal | undefined {
  if (!existsSync(join(webDir, 'index.html'))) return undefined
  const indexHtml = readFileSync(join(webDir, 'index.html'), 'utf8')
  const files = serveStatic(webDir, { index: false, maxage: 0 })
  const middleware = async (ctx: Context, next: Next) => {
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !isPortalFilePath(ctx.path)) {
      throw createError('NotFound', errorTypeKey('NotFound'))
    }
    let page = false
    await files(ctx, async () => {
      await next()
      if (ctx.status === 404 && ctx.method === 'GET' && !ctx.body && ctx.accepts('html')) {
        ctx.type = 'html'
        ctx.body = indexHtml
        ctx.set('cache-control', 'no-cache')
        page = true
      }
    })
    if (!page && ctx.path.startsWith(ASSETS) && (ctx.status === 200 || ctx.status === 304)) ctx.set('cache-control', IMMUTABLE)
  }
  return { indexHtml, middleware }
}
