import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPortalClient } from '../../packages/sdk/src/client/index'
import { startTestServer, type TestServer } from '../support/server'
import { signIn } from '../support/tokens'

describe('session cache', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => server?.close())

  it('serves a changed language at once to the next sign-in with the same token', async () => {
    const token = (await signIn(server.url, 'client@demo.portal', 'portal-demo')).idToken
    const first = createPortalClient({ url: server.url })
    const session = await first.authenticate({ strategy: 'jwt', accessToken: token })
    const locale = session.user.locale === 'de' ? 'en' : 'de'
    await first.service('users').patch(session.user.keycloakId, { locale })
    first.close()
    // A reload: a new socket signs in with the stored token, well within the cache's lifetime.
    const reloaded = createPortalClient({ url: server.url })
    const again = await reloaded.authenticate({ strategy: 'jwt', accessToken: token })
    expect(again.user.locale).toBe(locale)
    reloaded.close()
  })
})
