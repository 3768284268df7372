import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signIn } from '../support/tokens'
import { connectSdkClient } from '../support/client'

// One portal runs the embedded provider and plays "Keycloak"; the other trusts it through OIDC_ISSUER.
let idp: TestServer
let portal: TestServer

beforeAll(async () => {
  idp = await startTestServer()
  portal = await startTestServer({ env: { OIDC_ISSUER: idp.issuer } })
})

afterAll(async () => {
  await portal?.close()
  await idp?.close()
})

describe('external identity provider (OIDC_ISSUER)', () => {
  it('does not mount the embedded provider', async () => {
    const response = await fetch(`${portal.url}/realms/portal/.well-known/openid-configuration`)
    expect(response.status).toBe(404)
  })

  it('accepts identity tokens of the external issuer, verified against its published keys', async () => {
    const tokens = await signIn(idp.url, 'admin@demo.portal', 'portal-demo')
    const sub = (JSON.parse(Buffer.from(tokens.idToken.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub
    // The firm manages its users in the portal; the external account is linked by its subject.
    await portal.knex('users').where({ email: 'admin@demo.portal' }).update({ keycloak_id: sub })
    const client = await connectSdkClient(portal.url)
    try {
      const session = await client.authenticate({ strategy: 'jwt', accessToken: tokens.idToken })
      expect(session.user.email).toBe('admin@demo.portal')
      expect(session.user.keycloakId).toBe(sub)
      // A token of the portal's own (unmounted) realm URL would have another issuer: refused.
      const other = await client.authenticate({ strategy: 'jwt', accessToken: 'x.y.z' }).catch((e: unknown) => e)
      expect(other).toMatchObject({ code: 401 })
    } finally {
      client.close()
    }
  })
})
