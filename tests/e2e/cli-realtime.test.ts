import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Server as SocketServer } from 'socket.io'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { createMemoryStorage, createPortalClient, ACCESS_TOKEN_STORAGE_KEY, type PortalClient } from '../../packages/sdk/src/client/index'
import { createCountsWatcher } from '../../packages/cli/src/services/tui/watch-counts'
import { createDocumentsWatcher } from '../../packages/cli/src/services/tui/watch-documents'
import type { RecentDocument } from '../../packages/cli/src/services/tui/recent-documents'
import type { Counts } from '../../packages/cli/src/services/tui/counts'
import { startTestServer, type TestServer } from '../support/server'
import { deviceSignIn, type SignInTokens } from '../support/tokens'

// The SDK realtime client and the terminal app's live counts against the real server and provider.
describe('SDK realtime client against the real server', () => {
  let server: TestServer
  let tokens: SignInTokens
  const clients: PortalClient[] = []
  const open = (storage = createMemoryStorage()) => {
    const client = createPortalClient({ url: server.url, storage })
    clients.push(client)
    return { client, storage }
  }

  beforeAll(async () => {
    server = await startTestServer()
    tokens = await deviceSignIn(server.url, 'staff@demo.portal', 'portal-demo')
  })
  afterAll(async () => {
    for (const client of clients) client.close()
    await server?.close()
  })

  it('signs in with the identity token and calls services typed', async () => {
    const { client, storage } = open()
    const session = await client.authenticate({ strategy: 'jwt', accessToken: tokens.idToken, access_token: tokens.accessToken })
    expect(session.user.email).toBe('staff@demo.portal')
    expect(await storage.get(ACCESS_TOKEN_STORAGE_KEY)).toBeTruthy()
    const companies = await client.service('accounting-client').find()
    expect(companies.map((c) => c.company_no).sort()).toEqual([...session.user.klienten_array].sort())
  })

  it('signs in again by itself when the connection drops', async () => {
    const { client } = open()
    await client.authenticate({ strategy: 'jwt', accessToken: tokens.idToken })
    let reconnected = false
    client.socket.io.once('reconnect', () => (reconnected = true))
    const io = (server.server.app as unknown as { io: SocketServer }).io
    for (const socket of io.sockets.sockets.values()) socket.conn.close()
    await expect.poll(() => reconnected, { timeout: 15_000 }).toBe(true)
    // accounting-client refuses calls without a session, so an answer proves the re-authentication.
    expect((await client.service('accounting-client').find()).length).toBeGreaterThan(0)
  })

  it('drops a refused token from the storage and then says none is stored', async () => {
    const { client, storage } = open()
    await expect(client.authenticate({ strategy: 'jwt', accessToken: 'not-a-token' })).rejects.toMatchObject({ code: 401 })
    expect(await storage.get(ACCESS_TOKEN_STORAGE_KEY)).toBeNull()
    await expect(client.reAuthenticate()).rejects.toThrow('No accessToken found in storage')
  })

  it("updates a company's pending counts live when a document arrives", async () => {
    const { client } = open()
    const session = await client.authenticate({ strategy: 'jwt', accessToken: tokens.idToken })
    const companyNo = session.user.klienten_array[0]
    const seen: Counts[] = []
    const stop = createCountsWatcher(client, session.user)({ companyNo, onChange: (counts) => seen.push(counts) })
    let documents: RecentDocument[] | null = null
    const stopDocuments = createDocumentsWatcher(client)({ companyNo, onChange: (list) => (documents = list) })
    try {
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1)
      expect(seen[0].invoices).toEqual(expect.any(Number))
      // staff has ded, so the editor count is asked for (null only where the service refuses).
      const pdf = await PDFDocument.create()
      pdf.addPage().drawText(`Rechnung ${Date.now()}`, { font: await pdf.embedFont(StandardFonts.Helvetica), x: 50, y: 700 })
      const form = new FormData()
      form.append('files', new Blob([Buffer.from(await pdf.save())], { type: 'application/pdf' }), 'live.pdf')
      const response = await fetch(`${server.url}/api/documents/upload?client=${companyNo}&type=er_u`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.idToken}` },
        body: form,
      })
      expect(response.status).toBe(200)
      // The upload's events reach this connection and the counts are loaded again.
      await expect.poll(() => seen.length, { timeout: 30_000 }).toBeGreaterThan(1)
      // The upload shows up in the newest documents, and its processing moves on to ready.
      await expect.poll(() => documents?.[0]?.fileName, { timeout: 30_000 }).toBe('live.pdf')
      await expect.poll(() => documents?.[0]?.state, { timeout: 60_000 }).toBe('done')
    } finally {
      stop()
      stopDocuments()
    }
  })
})
