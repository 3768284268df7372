import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPortalClient, type PortalClient } from '../../packages/sdk/src/client/index'
import { startTestServer, type TestServer } from '../support/server'
import { signIn } from '../support/tokens'

// Several instances need a shared database: this runs in the PostgreSQL pass of CI (DATABASE_URL).
describe.runIf(process.env.DATABASE_URL)('two server instances on one PostgreSQL with REDIS_URL', () => {
  let first: TestServer
  let second: TestServer
  let onFirst: PortalClient
  let onSecond: PortalClient
  let companyNo: number

  beforeAll(async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379' }
    first = await startTestServer({ env })
    second = await startTestServer({ env, databaseSchema: first.databaseSchema, demo: false })
    onFirst = createPortalClient({ url: first.url })
    const session = await onFirst.authenticate({ strategy: 'jwt', accessToken: (await signIn(first.url, 'staff@demo.portal', 'portal-demo')).idToken })
    companyNo = session.user.klienten_array[0]
    onSecond = createPortalClient({ url: second.url })
    await onSecond.authenticate({ strategy: 'jwt', accessToken: (await signIn(second.url, 'staff@demo.portal', 'portal-demo')).idToken })
  })
  afterAll(async () => {
    onFirst?.close()
    onSecond?.close()
    await second?.close()
    await first?.close()
  })

  it('delivers an event created on one instance to a socket connected to the other', async () => {
    const received = new Promise<{ name: string }>((resolve) => onSecond.service('acc-suppliers').on('created', resolve))
    const accounting = (await onFirst.service('accounting-client').find()).find((c) => c.company_no === companyNo)!.current_accounting
    await onFirst.service('acc-suppliers').create({ client: companyNo, accounting, account: 339998, name: 'Verteilt Handels KG', type: 3 })
    await expect(received).resolves.toMatchObject({ name: 'Verteilt Handels KG' })
  })
  it('refuses on every instance an identity token that was logged out on one', async () => {
    const token = (await signIn(first.url, 'client@demo.portal', 'portal-demo')).idToken
    const a = createPortalClient({ url: first.url })
    await a.authenticate({ strategy: 'jwt', accessToken: token })
    await a.logout()
    a.close()
    const b = createPortalClient({ url: second.url })
    await expect(b.authenticate({ strategy: 'jwt', accessToken: token })).rejects.toMatchObject({ code: 401 })
    b.close()
  })
})
