import { describe, expect, it } from 'vitest'
import { routeOf } from './http'
import { acceptedRequestId } from './request-context'

describe('routeOf', () => {
  it('masks ids, hashes and tokens, keeps words, and counts unknown paths as one route', () => {
    expect(routeOf('/api/documents/4711/file', 200)).toBe('/api/documents/:id/file')
    expect(routeOf('/password-setup/Zk3fP9qL2xV7mN4tR8sW1y', 200)).toBe('/password-setup/:token')
    expect(routeOf('/realms/portal/interaction/aBcDeFgHiJkLmNoPqRsTu', 200)).toBe('/realms/portal/interaction/:token')
    expect(routeOf('/realms/portal/.well-known/openid-configuration', 200)).toBe('/realms/portal/.well-known/openid-configuration')
    expect(routeOf('/wp-admin/setup-config.php', 404)).toBe('unmatched')
  })
})

describe('acceptedRequestId', () => {
  it("takes a proxy's plain id and refuses what could smuggle text into a log line", () => {
    expect(acceptedRequestId('7f9c2ba4e88f827d616045507605853e')).toBe('7f9c2ba4e88f827d616045507605853e')
    expect(acceptedRequestId('a b')).toBeUndefined()
    expect(acceptedRequestId('x'.repeat(65))).toBeUndefined()
    expect(acceptedRequestId('id\n{"level":"info"}')).toBeUndefined()
    expect(acceptedRequestId(undefined)).toBeUndefined()
  })
})
