import { feathers, type Application } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { serviceRegistrations, type AuthenticationResult, type ServiceTypes } from '../../packages/sdk/src/services/index'
import { signIn } from '../support/tokens'

/** Password of every demo account. */
export const DEMO_PASSWORD = 'portal-demo'

/** The demo accounts the seed creates. */
export const DEMO = {
  admin: 'admin@demo.portal',
  staff: 'staff@demo.portal',
  client: 'client@demo.portal',
} as const

/** One of the demo roles. */
export type DemoRole = keyof typeof DEMO

/** A socket connection to the portal with every service typed, as the web and CLI have it. */
export interface Connection {
  app: Application<ServiceTypes>
  socket: Socket
  /** The session answer when signed in. */
  session: AuthenticationResult | undefined
  close(): void
}

/** Connects over a websocket (no polling, as the portal does) and signs in with the identity token when given. */
export async function connect(url: string, idToken?: string): Promise<Connection> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false })
  const app = feathers<ServiceTypes>()
  const connection = socketio<ServiceTypes>(socket, { timeout: 20_000 })
  app.configure(connection)
  for (const { path, methods } of serviceRegistrations) {
    const untyped = app as unknown as { use(path: string, service: unknown, options: { methods: string[] }): void }
    untyped.use(path, connection.service(path as keyof ServiceTypes), { methods: [...methods] })
  }
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  let session: AuthenticationResult | undefined
  if (idToken) {
    const auth = (app as unknown as { service(path: 'authentication'): { create(data: unknown): Promise<unknown> } }).service(
      'authentication',
    )
    session = (await auth.create({ strategy: 'jwt', accessToken: idToken })) as AuthenticationResult
  }
  return { app, socket, session, close: () => socket.close() }
}

/** Signs a demo user in through the embedded provider and connects with the identity token. */
export async function connectAs(url: string, role: DemoRole): Promise<Connection> {
  const tokens = await signIn(url, DEMO[role], DEMO_PASSWORD)
  return connect(url, tokens.idToken)
}

/** The error a call rejects with (fails the test when it resolves). */
export async function failure(call: Promise<unknown>): Promise<{
  name: string
  code: number
  message: string
  data?: { key?: string; params?: Record<string, unknown> }
}> {
  try {
    await call
  } catch (error) {
    return error as Awaited<ReturnType<typeof failure>>
  }
  throw new Error('expected the call to be refused, but it succeeded')
}

/** Resolves with the first event of that name on the service, or undefined after `ms`. */
export function nextEvent<T>(app: Application<ServiceTypes>, path: keyof ServiceTypes, event: string, ms: number) {
  return new Promise<T | undefined>((resolve) => {
    const service = app.service(path) as unknown as {
      once(event: string, listener: (data: T) => void): void
      removeListener(event: string, listener: (data: T) => void): void
    }
    const listener = (data: T) => {
      clearTimeout(timer)
      resolve(data)
    }
    const timer = setTimeout(() => {
      service.removeListener(event, listener)
      resolve(undefined)
    }, ms)
    service.once(event, listener)
  })
}
