import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, portalPolicy } from './security-headers'
import { isPortalFilePath } from './portal'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('content security policy', () => {
  it('allows exactly the inline scripts of index.html, by hash', () => {
    const html = '<head><script>var a = 1</script><script type="module" crossorigin src="/assets/x.js"></script><script>\n b()\n</script></head>'
    expect(inlineScriptHashes(html)).toEqual([sha('var a = 1'), sha('\n b()\n')])
  })

  it('lets the portal reach an external identity provider, and nothing else outside its origin', () => {
    const policy = portalPolicy({ scriptHashes: [], issuer: 'https://sso.example.at/realms/firm', publicUrl: 'https://portal.example.at' }, 'wss://portal.example.at')
    expect(policy).toContain("connect-src 'self' wss://portal.example.at https://sso.example.at")
    expect(policy).toContain("form-action 'self' https://sso.example.at")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline|\*/)
  })

  it('names the embedded provider once, as the portal itself', () => {
    const policy = portalPolicy({ scriptHashes: [], issuer: 'http://localhost:3030/realms/portal', publicUrl: 'http://localhost:3030' }, 'ws://localhost:3030')
    expect(policy).toContain("connect-src 'self' ws://localhost:3030 http://localhost:3030;")
    expect(policy).toContain("form-action 'self' http://localhost:3030;")
  })
})

describe('portal file paths', () => {
  it('accepts the paths of files and client-side routes', () => {
    for (const path of ['/', '/assets/index-abc.js', '/doc/1001/5', '/documents/Rechnung%20J%C3%A4nner']) expect(isPortalFilePath(path), path).toBe(true)
  })

  it('refuses doubled slashes, dot segments, backslashes, NUL and broken escapes', () => {
    for (const path of ['//x', '/a//b', '/../x', '/a/%2e%2e/b', '/%00', '/..%5cx', '/%E0%A4%A']) expect(isPortalFilePath(path), path).toBe(false)
  })
})
