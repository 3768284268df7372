import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BANK_TERMS_VERSION } from '../../packages/sdk/src/domain/index'
import { startPsd2Provider, state } from '../../packages/server/src/banking/psd2/contract-server'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'
import { failure } from './services.support'

// Issue 19, the account-information provider (GoCardless Bank Account Data) switched on by configuration, against a
// local server that follows its documented contract: approval creates the 90-day consent and its link, the client
// comes back from the bank, the movements are fetched (again without duplicates), and an expired consent ends reading.

describe('banking through the PSD2 provider', () => {
  let provider: Awaited<ReturnType<typeof startPsd2Provider>>
  let server: TestServer
  let admin: UserSession

  beforeAll(async () => {
    provider = await startPsd2Provider()
    // Banking reads its settings from the process environment (banking/settings.ts); the server runs in this process.
    Object.assign(process.env, { BANK_PSD2_URL: provider.url, BANK_PSD2_SECRET_ID: 'id-1', BANK_PSD2_SECRET_KEY: 'key-1' })
    server = await startTestServer()
    admin = await signInSession(server.url, 'admin@demo.portal')
  })
  afterAll(async () => {
    admin?.client.close()
    await server?.close()
    await provider?.stop()
    for (const name of ['BANK_PSD2_URL', 'BANK_PSD2_SECRET_ID', 'BANK_PSD2_SECRET_KEY']) delete process.env[name]
  })

  it('consents, comes back from the bank, fetches the movements once, and an expired consent ends reading', async () => {
    await admin.client.service('bank-terms').create({ client: 1001, version: BANK_TERMS_VERSION, language: 'de' })
    expect(await failure(admin.client.service('bank-accesses').create({ client: 1001, iban: 'AT402011182221219900', provider: 'psd2' }))).toMatchObject({ code: 400, data: { params: { field: 'institution_id' } } })
    const requested = await admin.client.service('bank-accesses').create({ client: 1001, iban: 'AT402011182221219900', provider: 'psd2', institution_id: 'ERSTE_GIBAATWW' })
    expect(requested).toMatchObject({ provider: 'psd2', status: 'pending', consent_link: null })
    const approved = await admin.client.service('bank-approvals').patch(requested.id, { decision: 'approve' })
    expect(approved.consent_link).toBe(`${provider.url}/consent`)

    // Before the client consented at the bank, there is nothing to fetch.
    state.status = 'CR'
    expect(await failure(admin.client.service('bank-accesses').patch(requested.id, { action: 'sync' }))).toMatchObject({ code: 409, data: { key: 'banking:error.consentPending' } })
    const back = await fetch(approved.consent_link as string, { redirect: 'manual' })
    expect(back.headers.get('location')).toMatch(new RegExp(`/banking/1001\\?ref=access-${requested.id}$`))

    await admin.client.service('bank-accesses').patch(requested.id, { action: 'sync' })
    const page = await admin.client.service('bank-transactions').find({ query: { client: 1001, access_id: requested.id } })
    expect(page.data.map((row) => row.amount).sort()).toEqual(['-49.90', '200.00'])
    expect(page.balances.at(-1)).toEqual({ date: '2026-03-03', balance: '1150.10' })
    await admin.client.service('bank-accesses').patch(requested.id, { action: 'sync' })
    expect((await admin.client.service('bank-transactions').find({ query: { client: 1001, access_id: requested.id } })).total).toBe(2)

    state.agreementExpired = true
    expect(await failure(admin.client.service('bank-accesses').patch(requested.id, { action: 'sync' }))).toMatchObject({ code: 409, data: { key: 'banking:error.consentExpired' } })
    const [after] = await admin.client.service('bank-accesses').find({ query: { client: 1001 } })
    expect(after).toMatchObject({ state: 'expired' })
    expect(after.events.at(-1)?.action).toBe('expire')
    state.agreementExpired = false
  })
})
