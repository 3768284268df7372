import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio'
import { NotAuthenticated, Forbidden } from '@feathersjs/errors'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server as SocketServer } from 'socket.io'
import { createPortalClient, type PortalClient } from './create-client'
import { createMemoryStorage, type TokenStorage } from './storage'
import { ACCESS_TOKEN_STORAGE_KEY, socketOptions } from './connection-options'
import type { Clock } from './clock'

// A real Feathers socket.io server whose authentication service accepts tokens starting with "good",
// refuses "forbidden" with 403 and everything else with 401; it counts sign-ins per token.
async function startAuthServer() {
  const signIns: string[] = []
  const app = feathers()
  let io: SocketServer | undefined
  app.configure(socketio({ transports: ['websocket'] }, (server) => (io = server)))
  app.use('authentication', {
    async create(data: { strategy: string; accessToken: string }) {
      signIns.push(data.accessToken)
      if (data.accessToken === 'forbidden') throw new Forbidden('Not allowed')
      if (!data.accessToken.startsWith('good')) throw new NotAuthenticated('Invalid token')
      return { accessToken: data.accessToken, authentication: { strategy: 'jwt' }, user: { email: 'a@b.c' } }
    },
    async remove() {
      return { accessToken: '', authentication: { strategy: 'jwt' }, user: { email: 'a@b.c' } }
    },
  })
  const http = (await app.listen(0)) as Server
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    signIns,
    dropConnections: () => io!.sockets.sockets.forEach((socket) => socket.conn.close()),
    close: () => app.teardown(),
  }
}

function jwtExpiringAt(prefix: string, expSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${prefix}.${part({ exp: expSeconds })}.sig`
}

describe('createPortalClient', () => {
  let server: Awaited<ReturnType<typeof startAuthServer>>
  let client: PortalClient | undefined
  let storage: TokenStorage

  beforeEach(async () => {
    server = await startAuthServer()
    storage = createMemoryStorage()
  })
  afterEach(async () => {
    client?.close()
    client = undefined
    await server.close()
  })

  it('uses the websocket transport with the reconnection settings of SPEC §9', () => {
    expect(socketOptions).toMatchObject({
      transports: ['websocket'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
      timeout: 20000,
    })
  })

  it('signs in with a jwt identity token and keeps it in the storage', async () => {
    client = createPortalClient({ url: server.url, storage })
    const result = await client.authenticate({ strategy: 'jwt', accessToken: 'good-1' })
    expect(result.accessToken).toBe('good-1')
    expect(await storage.get(ACCESS_TOKEN_STORAGE_KEY)).toBe('good-1')
  })

  it("says 'No accessToken found in storage' when re-authenticating without a token", async () => {
    client = createPortalClient({ url: server.url, storage })
    await expect(client.reAuthenticate()).rejects.toThrow('No accessToken found in storage')
  })

  it.each([
    ['401', 'bad-token'],
    ['403', 'forbidden'],
  ])('removes the stored token on a %s answer', async (_code, token) => {
    await storage.set(ACCESS_TOKEN_STORAGE_KEY, token)
    client = createPortalClient({ url: server.url, storage })
    await expect(client.reAuthenticate()).rejects.toBeTruthy()
    expect(await storage.get(ACCESS_TOKEN_STORAGE_KEY)).toBeNull()
  })

  it('signs in again with the stored token when the connection comes back', async () => {
    client = createPortalClient({ url: server.url, storage })
    await client.authenticate({ strategy: 'jwt', accessToken: 'good-reconnect' })
    server.dropConnections()
    await expect.poll(() => server.signIns.length, { timeout: 5000 }).toBe(2)
    expect(server.signIns).toEqual(['good-reconnect', 'good-reconnect'])
    expect((await client.reAuthenticate()).accessToken).toBe('good-reconnect')
  })

  it('refreshes a token with under 80 s left and signs in with the new one', async () => {
    const now = 1_800_000_000_000
    let tick: (() => void) | undefined
    const clock: Clock = { now: () => now, setInterval: (fn) => (tick = fn), clearInterval: () => undefined }
    const fresh = jwtExpiringAt('good-fresh', now / 1000 + 300)
    const refreshed: string[] = []
    client = createPortalClient({
      url: server.url,
      storage,
      clock,
      refresh: async (current) => {
        refreshed.push(current)
        return fresh
      },
    })
    const stale = jwtExpiringAt('good-stale', now / 1000 + 79)
    await client.authenticate({ strategy: 'jwt', accessToken: stale })
    tick!()
    await expect.poll(() => storage.get(ACCESS_TOKEN_STORAGE_KEY)).toBe(fresh)
    expect(refreshed).toEqual([stale])
    // The fresh token has 300 s left, so the next check leaves it alone.
    expect(await client.refreshToken()).toBe(false)
    expect(server.signIns).toEqual([stale, fresh])
  })

  it('reports a failed refresh without signing out', async () => {
    const now = 1_800_000_000_000
    const errors: unknown[] = []
    const clock: Clock = { now: () => now, setInterval: () => 0, clearInterval: () => undefined }
    const stale = jwtExpiringAt('good-stale', now / 1000 + 10)
    client = createPortalClient({
      url: server.url,
      storage,
      clock,
      refresh: async () => {
        throw new Error('provider down')
      },
      onRefreshError: (error) => errors.push(error),
    })
    await client.authenticate({ strategy: 'jwt', accessToken: stale })
    expect(await client.refreshToken()).toBe(false)
    expect(errors).toHaveLength(1)
    expect(await storage.get(ACCESS_TOKEN_STORAGE_KEY)).toBe(stale)
  })
})
