import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentHttpPaths, type DocumentRecord } from '../../packages/sdk/src/services/index'
import { emitDocumentEvent } from '../../packages/server/src/models/documents/index'
import { supplierInvoicePdf } from '../../packages/server/src/extraction/test-support'
import { hashPassword } from '../../packages/server/src/oidc/passwords'
import { createHash } from 'node:crypto'
import { uploadAndRead } from '../support/documents'
import { signInSession, uploadFiles, uploadResults, type UserSession } from '../support/session'
import { startTestServer, type TestServer } from '../support/server'
import { DEMO, failure, nextEvent } from './services.support'

// Issue 30 item 5: an outgoing invoice (stored kind AR) is for those with `lar` (SPEC §6 "List outgoing invoices"),
// on every way in: the lists (documents, search, the aggregator's views), one document (documents.get, its fields, its
// history), the file and its page images, and the events. The demo client has doc but not lar; staff has lar.

let server: TestServer
let admin: UserSession
let staff: UserSession
let client: UserSession
let outgoing: DocumentRecord
let incoming: DocumentRecord
let outgoingBytes: Uint8Array

beforeAll(async () => {
  server = await startTestServer()
  ;[admin, staff, client] = await Promise.all([signInSession(server.url, DEMO.admin), signInSession(server.url, DEMO.staff), signInSession(server.url, DEMO.client)])
  incoming = await uploadAndRead(server.url, admin, 1002, 'eingang.pdf', await supplierInvoicePdf('ER-30-1', '120.00'))
  outgoingBytes = await supplierInvoicePdf('AR-30-1', '240.00')
  outgoing = await uploadAndRead(server.url, admin, 1002, 'ausgang.pdf', outgoingBytes)
  // Made an outgoing invoice once the extraction is done, whatever it read.
  await server.knex('documents').where({ id: outgoing.id }).update({ document_type: 'AR' })
})

afterAll(async () => {
  for (const session of [admin, staff, client]) session?.client.close?.()
  await server?.close()
})

const ids = (records: { id: number }[]) => records.map((record) => record.id)

async function download(session: UserSession, path: string): Promise<number> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${session.token}` } })
  await response.arrayBuffer()
  return response.status
}

describe('an outgoing invoice without lar', () => {
  it('does not tell who has it open to someone without lar (presence events), but tells those with lar', async () => {
    const toClient = nextEvent(client.client as never, 'document-presence', 'created', 1500)
    const toAdmin = nextEvent<{ document_id: number }>(admin.client as never, 'document-presence', 'created', 5000)
    await staff.client.service('document-presence').create({ document_id: outgoing.id })
    expect(await toAdmin).toMatchObject({ document_id: outgoing.id, document_type: 'AR' })
    expect(await toClient).toBeUndefined()
    expect(await failure(client.client.service('document-presence').find({ query: { document_id: outgoing.id } }))).toMatchObject({ code: 403 })
    await staff.client.service('document-presence').remove(outgoing.id)
  })

  it('is not named when the same file is uploaded again, nor by the hash check of resumable uploads', async () => {
    // The content is there, so nothing is stored twice; but which document holds it is not said to someone without lar.
    const [again] = await uploadResults(await uploadFiles(server.url, client.token, 1002, [{ name: 'kopie.pdf', bytes: outgoingBytes }]))
    expect(again).toMatchObject({ file: 'kopie.pdf', status: 'exists', error: { key: 'errors:document.alreadyExists' } })
    expect(again!.documentId).toBeUndefined()
    expect(again!.error!.params).toEqual({ file: 'kopie.pdf' })
    const [forStaff] = await uploadResults(await uploadFiles(server.url, staff.token, 1002, [{ name: 'kopie.pdf', bytes: outgoingBytes }]))
    expect(forStaff).toMatchObject({ status: 'exists', documentId: outgoing.id })

    const sha256 = createHash('sha256').update(outgoingBytes).digest('hex')
    const known = async (session: UserSession) => {
      const response = await fetch(`${server.url}/api/documents/hashes?client=1002&sha256=${sha256}`, { headers: { authorization: `Bearer ${session.token}` } })
      return ((await response.json()) as { existing: { sha256: string; documentId?: number }[] }).existing
    }
    expect(await known(client)).toEqual([{ sha256 }])
    expect(await known(staff)).toEqual([{ sha256, documentId: outgoing.id }])
  })

  it('is left out of the document list, the search and the full-text view', async () => {
    const listed = ids((await client.client.service('documents').find({ query: { client_no: 1002, $limit: 200 } })).data as { id: number }[])
    expect(listed).toContain(incoming.id)
    expect(listed).not.toContain(outgoing.id)
    const found = ids((await client.client.service('document-search').find({ query: { client_no: 1002, q: 'Alpenblick' } })).data)
    expect(found).toContain(incoming.id)
    expect(found).not.toContain(outgoing.id)
    const fullText = ids((await client.client.service('aggregator').find({ query: { client_no: 1002, type: 'FullText', fullText: 'Alpenblick', $limit: 200 } })).data as { id: number }[])
    expect(fullText).not.toContain(outgoing.id)
    // The same lists show it to someone with lar.
    expect(ids((await staff.client.service('documents').find({ query: { client_no: 1002, $limit: 200 } })).data as { id: number }[])).toContain(outgoing.id)
    expect(ids((await staff.client.service('document-search').find({ query: { client_no: 1002, q: 'Alpenblick' } })).data)).toContain(outgoing.id)
  })

  it('is refused as one document, its fields and history, its file and page images, like a foreign one', async () => {
    expect(await failure(client.client.service('documents').get(outgoing.id))).toMatchObject({ code: 403, data: { key: 'errors:access.forbidden' } })
    expect(await failure(client.client.service('document-fields').get(outgoing.id))).toMatchObject({ code: 403 })
    expect(await failure(client.client.service('document-history').find({ query: { document_id: outgoing.id } }))).toMatchObject({ code: 403 })
    expect(await download(client, documentHttpPaths.file(outgoing.id))).toBe(403)
    expect(await download(client, documentHttpPaths.page(outgoing.id, 1))).toBe(403)
    // The incoming invoice is the client's as before; the outgoing one is staff's.
    await expect(client.client.service('documents').get(incoming.id)).resolves.toMatchObject({ id: incoming.id })
    expect(await download(client, documentHttpPaths.file(incoming.id))).toBe(200)
    await expect(staff.client.service('documents').get(outgoing.id)).resolves.toMatchObject({ id: outgoing.id, document_type: 'AR' })
    await expect(staff.client.service('document-fields').get(outgoing.id)).resolves.toBeDefined()
    expect(await download(staff, documentHttpPaths.file(outgoing.id))).toBe(200)
  })

  it('is left out of the document editor’s list for an editor (ded) without lar', async () => {
    await server.knex('users').insert({ keycloak_id: crypto.randomUUID(), username: 'editor-no-lar', email: 'editor-no-lar@outgoing.portal', first_name: 'Eda', last_name: 'Editor', locale: 'en', permissions: ['doc', 'ded'], client_access: 'assigned', enabled: true, password_hash: await hashPassword('editor-password') })
    const { id: userId } = (await server.knex('users').where({ email: 'editor-no-lar@outgoing.portal' }).first('id')) as { id: string }
    await server.knex('user_clients').insert({ user_id: userId, company_no: 1002, mode: 'assigned' })
    const editor = await signInSession(server.url, 'editor-no-lar@outgoing.portal', 'editor-password')
    await server.knex('documents').whereIn('id', [outgoing.id, incoming.id]).update({ in_editor: true })
    try {
      const listed = async (session: UserSession) => ids((await session.client.service('editor-document').find({ query: { client_no: 1002, $select: ['id'] } })).data as { id: number }[])
      expect(await listed(editor)).toEqual([incoming.id])
      expect((await listed(staff)).sort()).toEqual([incoming.id, outgoing.id].sort())
      expect(await failure(editor.client.service('document-editor').get(outgoing.id))).toMatchObject({ code: 403 })
    } finally {
      await server.knex('documents').whereIn('id', [outgoing.id, incoming.id]).update({ in_editor: false })
      editor.client.close?.()
    }
  })

  it('is neither listed nor counted in the trash', async () => {
    const { version } = await staff.client.service('documents').get(outgoing.id)
    await staff.client.service('document-trash').create({ document_id: outgoing.id, version })
    const trash = async (session: UserSession) => ids((await session.client.service('aggregator').find({ query: { client_no: 1002, type: 'Trash', $limit: 200 } })).data as { id: number }[])
    expect(await trash(staff)).toContain(outgoing.id)
    expect(await trash(client)).not.toContain(outgoing.id)
    const counted = async (session: UserSession) => (await session.client.service('invoice-counts').find({ query: { client_no: 1002 } })).views.Trash
    expect(await counted(staff)).toBe(1)
    expect(await counted(client)).toBe(0)
  })

  it('reaches nobody without lar by event', async () => {
    const toClient = nextEvent<DocumentRecord>(client.client as never, 'documents', 'patched', 1500)
    const toClientAggregator = nextEvent<DocumentRecord>(client.client as never, 'aggregator', 'patched', 1500)
    const toStaff = nextEvent<DocumentRecord>(staff.client as never, 'documents', 'patched', 5000)
    const row = (await server.knex('documents').where({ id: outgoing.id }).first()) as Record<string, unknown>
    emitDocumentEvent(server.server.app, 'patched', row)
    expect(await toStaff).toMatchObject({ id: outgoing.id })
    expect(await toClient).toBeUndefined()
    expect(await toClientAggregator).toBeUndefined()
  })
})
