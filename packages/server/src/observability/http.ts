import type { Context, Middleware, Next } from 'koa'
import type { Application } from '../declarations'
import { observe } from './metrics'
import { checkReadiness } from './readiness'
import { acceptedRequestId, newRequestId, withRequestId } from './request-context'

/** Probes answered on the public port without sign-in; their requests are logged at debug only (they come every few seconds). */
const PROBES = new Set(['/healthz', '/readyz'])

/**
 * The route a request is counted and logged under: its path with ids, hashes and tokens masked (a password-setup link
 * carries a secret in its path), at most four segments deep, and never the query string (search words are the
 * user's). Unmatched paths count as one route, so a scanner cannot grow the metrics without end.
 */
export function routeOf(path: string, status: number): string {
  if (status === 404) return 'unmatched'
  const segments = path.split('/').slice(0, 5).map((segment) => {
    if (/^\d+$/.test(segment)) return ':id'
    // Generated ids (interaction ids, one-time links): long, with digits or mixed case; words like openid-configuration stay.
    if (segment.length >= 16 && (/\d/.test(segment) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment)))) return ':token'
    return segment
  })
  return segments.join('/') || '/'
}

/**
 * Outermost middleware of the public port: gives each request its id (a proxy's X-Request-Id when it is a plain token,
 * else a new one), runs the request under it so every log line and queued job of it carries it, answers it in
 * X-Request-Id, logs one line per request (method, route, status, ms: nothing personal) and measures it.
 */
export function observeHttp(app: Application): Middleware {
  const logger = app.get('logger')
  return async (ctx: Context, next: Next): Promise<void> => {
    const requestId = acceptedRequestId(ctx.get('x-request-id')) ?? newRequestId()
    ctx.set('x-request-id', requestId)
    const started = performance.now()
    await withRequestId(requestId, async () => {
      try {
        await next()
      } finally {
        const seconds = (performance.now() - started) / 1000
        const route = routeOf(ctx.path, ctx.status)
        observe.httpRequest(route, ctx.method, ctx.status, seconds)
        const line = { method: ctx.method, route, status: ctx.status, ms: Math.round(seconds * 10_000) / 10 }
        if (PROBES.has(ctx.path)) logger.debug(line, 'http')
        else logger.info(line, 'http')
      }
    })
  }
}

/**
 * GET /healthz (the process lives and answers) and GET /readyz (the database, the document store and the job queue
 * answer; 503 naming the parts that do not) for load balancers and orchestrators, without sign-in and without anything
 * about users or documents. /metrics is never served here (it has its own port, METRICS_PORT): 404.
 */
export function healthRoutes(app: Application): Middleware {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path === '/metrics') {
      ctx.status = 404
      ctx.body = { status: 'not found' }
      return
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    ctx.set('cache-control', 'no-store')
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' }
      return
    }
    if (ctx.path === '/readyz') {
      const readiness = await checkReadiness(app)
      ctx.status = readiness.ready ? 200 : 503
      ctx.body = readiness.ready ? { status: 'ready', checks: readiness.checks } : { status: 'unavailable', failing: readiness.failing, checks: readiness.checks }
      return
    }
    return next()
  }
}
