import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPortalClient, type PortalClient } from '../../packages/sdk/src/client/index'
import type { DocumentRecord, UploadResponse } from '../../packages/sdk/src/services/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { startTestServer, type TestServer } from '../support/server'
import { signIn } from '../support/tokens'

describe('learning from people: labels become candidates and teach the supplier memory', () => {
  let server: TestServer
  let staff: PortalClient
  let token: string
  let companyNo: number
  let clientCompanies: number[]

  async function uploadAndWait(bytes: Uint8Array, name: string): Promise<DocumentRecord> {
    const done = new Promise<DocumentRecord>((resolve) => {
      const handler = (record: DocumentRecord) => {
        if (record.file_name === name && record.processing_state === 'done') {
          staff.service('documents').removeListener('patched', handler)
          resolve(record)
        }
      }
      staff.service('documents').on('patched', handler)
    })
    const form = new FormData()
    form.append('files', new Blob([new Uint8Array(bytes)]), name)
    const response = await fetch(`${server.url}/api/documents/upload?client=${companyNo}&type=er_u`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    })
    const body = (await response.json()) as UploadResponse
    expect(body.results[0].status).toBe('uploaded')
    return done
  }

  beforeAll(async () => {
    server = await startTestServer()
    token = (await signIn(server.url, 'staff@demo.portal', 'portal-demo')).idToken
    staff = createPortalClient({ url: server.url })
    const session = await staff.authenticate({ strategy: 'jwt', accessToken: token })
    companyNo = session.user.klienten_array[0]
    const clientToken = (await signIn(server.url, 'client@demo.portal', 'portal-demo')).idToken
    const clientApp = createPortalClient({ url: server.url })
    clientCompanies = (await clientApp.authenticate({ strategy: 'jwt', accessToken: clientToken })).user.klienten_array
    clientApp.close()
  })
  afterAll(async () => {
    staff?.close()
    await server?.close()
  })

  it("reads the supplier's second invoice right after a person labelled the first", async () => {
    const first = await uploadAndWait(await supplierInvoicePdf('TB-26-0815', '1.440,00'), 'berger-1.pdf')
    expect(first.invoice_number).not.toBe('TB-26-0815')

    const label = await staff.service('document-labels').create({ document_id: first.id, field: 'invoice_number', value: 'TB-26-0815' })
    expect(label).toMatchObject({ value: 'TB-26-0815', source: 9, learned: true })
    expect((await staff.service('documents').get(first.id)).invoice_number).toBe('TB-26-0815')
    const kept = await server.knex('document_candidates').where({ document_id: first.id, field: 'invoice_number' }).orderBy('id')
    expect(kept.filter((c: { chosen: boolean }) => c.chosen).map((c: { source: number }) => c.source)).toEqual([9])

    const second = await uploadAndWait(await supplierInvoicePdf('TB-26-0999', '96,00'), 'berger-2.pdf')
    expect(second.invoice_number).toBe('TB-26-0999')
    const chosen = await server.knex('document_candidates').where({ document_id: second.id, field: 'invoice_number', chosen: true }).first()
    expect(chosen.source).toBe(10)
  })

  it('refuses a malformed value naming the field and the rule, changing nothing', async () => {
    const [doc] = await server.knex('documents').where({ company_no: companyNo }).orderBy('id').limit(1)
    await expect(
      staff.service('document-labels').create({ document_id: doc.id, field: 'issue_date', value: '31.02.2026' }),
    ).rejects.toMatchObject({ code: 400, data: { key: 'validation:date', params: { field: 'issue_date' } } })
    await expect(
      staff.service('document-labels').create({ document_id: doc.id, field: 'seller_vat_id', value: 'ATU13585626' }),
    ).rejects.toMatchObject({ code: 400, data: { key: 'validation:vatId.checkFailed' } })
    const humans = await server.knex('document_candidates').where({ document_id: doc.id, source: 9 })
    expect(humans).toHaveLength(1)
  })

  it('refuses labels on documents of a company the user does not have, and without a session', async () => {
    const [doc] = await server.knex('documents').where({ company_no: companyNo }).orderBy('id').limit(1)
    expect(clientCompanies).not.toContain(companyNo)
    const clientToken = (await signIn(server.url, 'client@demo.portal', 'portal-demo')).idToken
    const clientApp = createPortalClient({ url: server.url })
    await clientApp.authenticate({ strategy: 'jwt', accessToken: clientToken })
    await expect(clientApp.service('document-labels').create({ document_id: doc.id, field: 'invoice_number', value: 'X' })).rejects.toMatchObject({ code: 403 })
    await expect(clientApp.service('document-labels').create({ document_id: 999999, field: 'invoice_number', value: 'X' })).rejects.toMatchObject({ code: 403 })
    clientApp.close()
    const anonymous = createPortalClient({ url: server.url })
    await expect(anonymous.service('document-labels').create({ document_id: doc.id, field: 'invoice_number', value: 'X' })).rejects.toMatchObject({ code: 401 })
    anonymous.close()
  })
})
