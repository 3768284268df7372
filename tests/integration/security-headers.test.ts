import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CookieJar, request } from '../support/http'
import { startTestServer, type TestServer } from '../support/server'
import { discover } from '../support/tokens'

// Issue 23, finding 5: the portal's pages had no CSP, X-Frame-Options or X-Content-Type-Options (it could be framed).

const INLINE_SCRIPT = "document.documentElement.setAttribute('data-color-mode','dark')"

let server: TestServer
let webDir: string

beforeAll(async () => {
  // A stand-in for the built portal with an inline script like the real index.html's theme script.
  webDir = await mkdtemp(join(tmpdir(), 'portal-web-'))
  await mkdir(join(webDir, 'assets'))
  await writeFile(join(webDir, 'index.html'), `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`)
  await writeFile(join(webDir, 'assets', 'app.js'), 'console.log(1)')
  server = await startTestServer({ env: { WEB_DIR: webDir } })
})
afterAll(async () => {
  await server?.close()
  if (webDir) await rm(webDir, { recursive: true, force: true })
})

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) result[name] = sources
  }
  return result
}

function expectNotFramed(response: Response): void {
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  expect(directives(response.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"])
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
}

describe('the portal', () => {
  it('serves its pages with a strict content security policy, not frameable, no sniffing, no referrer', async () => {
    for (const path of ['/', '/documents/some/client/route']) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } })
      expect(response.status).toBe(200)
      expectNotFramed(response)
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      const csp = directives(response.headers.get('content-security-policy'))
      expect(csp['default-src']).toEqual(["'self'"])
      expect(csp['object-src']).toEqual(["'none'"])
      expect(csp['base-uri']).toEqual(["'self'"])
      // The inline theme script runs by its hash; nothing else inline, no eval.
      const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64')
      expect(csp['script-src']).toEqual(["'self'", `'sha256-${hash}'`])
      expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'")
      expect(csp['script-src']).not.toContain("'unsafe-inline'")
      expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", `ws://127.0.0.1:${server.port}`]))
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:'])
      expect(csp['worker-src']).toEqual(["'self'"])
    }
  })

  it('serves its files, API answers and errors with nosniff and no framing', async () => {
    const script = await fetch(`${server.url}/assets/app.js`)
    expect(script.status).toBe(200)
    expectNotFramed(script)
    const missing = await fetch(`${server.url}/api/nothing`, { headers: { accept: 'application/json' } })
    expect(missing.status).toBe(404)
    expectNotFramed(missing)
  })

  it('lets the browser keep its built files (their names change with their content) and asks for the page every time', async () => {
    const script = await fetch(`${server.url}/assets/app.js`)
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const page = await fetch(`${server.url}/invoices/1001`, { headers: { accept: 'text/html' } })
    expect(page.headers.get('cache-control')).toBe('no-cache')
    // A file that is not there (an old build's) is never kept.
    const missing = await fetch(`${server.url}/assets/missing.js`)
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable')
  })
})

describe('the identity provider', () => {
  it('serves its sign-in page not frameable, with its own strict policy', async () => {
    const discovery = await discover(server.url)
    const authorize = new URL(discovery.authorization_endpoint)
    const params = { client_id: 'portal-web', redirect_uri: `${server.url}/`, response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', state: 's', nonce: 'n' }
    for (const [key, value] of Object.entries(params)) authorize.searchParams.set(key, value)
    const jar = new CookieJar()
    const redirect = await request(jar, authorize.toString())
    expect(redirect.status).toBe(303)
    const page = await request(jar, new URL(redirect.headers.get('location')!, authorize).toString())
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('name="password"')
    expectNotFramed(page)
    expect(directives(page.headers.get('content-security-policy'))['default-src']).toEqual(["'none'"])
    // Its discovery document and error pages too.
    expectNotFramed(await fetch(`${server.url}/realms/portal/.well-known/openid-configuration`))
    expectNotFramed(await fetch(`${server.url}/realms/portal/protocol/openid-connect/auth?client_id=nobody`))
  })
})
