import { createHash } from 'node:crypto'
import type { Context, Next } from 'koa'

/** The inline scripts of a page (e.g. index.html's theme script), each as a CSP source `'sha256-…'`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`)
  }
  return hashes
}

/** What the portal's content security policy allows beyond its own origin. */
export interface PortalPolicyOptions {
  /** Hashes of index.html's inline scripts (inlineScriptHashes). */
  scriptHashes: string[]
  /** The identity provider's issuer: the portal fetches its endpoints and posts the logout form there. */
  issuer: string
  /** PUBLIC_URL: the socket's host when the request's Host header is not a plain host name. */
  publicUrl: string
}

/**
 * The portal's content security policy: everything from its own origin, nothing inline but the listed scripts,
 * no eval, no plugins, never framed. `ws` is the socket's origin (ws:// or wss:// of the page's host).
 */
export function portalPolicy(options: PortalPolicyOptions, ws: string): string {
  const issuerOrigin = new URL(options.issuer).origin
  const self = "'self'"
  return [
    `default-src ${self}`,
    `script-src ${[self, ...options.scriptHashes].join(' ')}`,
    // Primer's CSS modules are files; its few runtime styles are constructed style sheets, which CSP does not govern.
    `style-src ${self}`,
    // Page images and image documents are shown from blob: URLs; Primer's icons in CSS are data: URLs.
    `img-src ${self} data: blob:`,
    `font-src ${self} data:`,
    // The realtime socket, and the identity provider's endpoints (discovery, token, refresh).
    `connect-src ${[self, ws, issuerOrigin].filter(unique).join(' ')}`,
    // pdf.js runs in a worker loaded from our own assets (pdf.worker.min.mjs by URL, not a blob: copy).
    `worker-src ${self}`,
    `object-src 'none'`,
    `base-uri ${self}`,
    // The RP-initiated logout form posts to the provider.
    `form-action ${[self, issuerOrigin].filter(unique).join(' ')}`,
    `frame-ancestors 'none'`,
  ].join('; ')
}

function unique(value: string, index: number, list: string[]): boolean {
  return list.indexOf(value) === index
}

/**
 * Headers of every answer: not framed (X-Frame-Options for old browsers, frame-ancestors in the CSP), no MIME
 * sniffing, no referrer, and the portal's content security policy. The identity provider's pages replace the
 * CSP with their stricter own. Set before the request is handled, so error answers carry them too.
 */
export function securityHeaders(options: PortalPolicyOptions) {
  return async (ctx: Context, next: Next): Promise<void> => {
    // The host comes from the request: only a plain host[:port] may enter the header.
    const host = /^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(ctx.host) ? ctx.host : new URL(options.publicUrl).host
    const ws = `${ctx.protocol === 'https' ? 'wss' : 'ws'}://${host}`
    ctx.set({
      'content-security-policy': portalPolicy(options, ws),
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    })
    await next()
  }
}
