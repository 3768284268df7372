import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { viennaToday } from '../../packages/sdk/src/domain/index'
import { paymentRunHttpPaths } from '../../packages/sdk/src/services/index'
import { epcIssues, xsdErrors } from '../support/sepa-checker'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'

// Issue 35's demo: a fresh start has approved open supplier invoices for 1001, so a run can be made at once.
describe('the demo payment run of 1001', () => {
  let server: TestServer
  let admin: UserSession

  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1', PORTAL_DEMO_SCREENS: '1' } })
    admin = await signInSession(server.url, 'admin@demo.portal')
  })
  afterAll(async () => {
    admin?.client.close()
    await server?.close()
  })

  it('has approved open supplier invoices, a question on one, and makes a valid run of them at once', async () => {
    const approved = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', approval: 'approved', $limit: 500 } })).data
    expect(approved.length).toBeGreaterThanOrEqual(2)
    const questioned = (await admin.client.service('unpaid-items').find({ query: { client: 1001, side: 'ER', approval: 'questioned' } })).data
    expect(questioned).toHaveLength(1)
    const run = await admin.client.service('payment-runs').create({ company_no: 1001, open_item_ids: approved.map((item) => item.id), execution_date: viennaToday() })
    expect(run).toMatchObject({ status: 'created', count: approved.length, release_required: false })
    const response = await fetch(`${server.url}${paymentRunHttpPaths.file(run.id)}`, { headers: { authorization: `Bearer ${admin.token}` } })
    const xml = await response.text()
    expect(await xsdErrors(xml, '09')).toEqual([])
    expect(epcIssues(xml)).toEqual([])
  })
})
