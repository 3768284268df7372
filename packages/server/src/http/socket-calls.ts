import { createError } from '@portal/sdk/errors'
import type { FeathersError } from '@feathersjs/errors'
import type { Application } from '../declarations'

/** The part of a socket.io server socket this door needs. */
export interface CallSocket {
  use(middleware: (packet: unknown[], next: (error?: Error) => void) => void): void
}

// Feathers keeps a registered service's options (its methods) under this symbol; its getServiceOptions reads it, but
// Node's ESM loader does not see that re-exported name of the CommonJS package.
const SERVICE_OPTIONS = Symbol.for('@feathersjs/service')

/** The methods a registered service offers to callers. */
function methodsOf(app: Application, name: string): string[] {
  const service = (app as unknown as { service(path: string): Record<symbol, { methods?: string[] } | undefined> }).service(name)
  return service[SERVICE_OPTIONS]?.methods ?? []
}

/** How much of a caller-chosen name an error repeats. */
const SHOWN_LENGTH = 100

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : typeof value
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text
}

/** The registered service a socket call names, looked up in the app's own services only. */
function servicePath(app: Application, path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined
  const name = path.replace(/^\/+|\/+$/g, '')
  // Feathers' router keeps its routes in plain objects: `__proto__` or `constructor` would find Object's members
  // and fail with a TypeError (and its stack) instead of a 404.
  return Object.hasOwn(app.services, name) ? name : undefined
}

/**
 * Answers socket calls that name no service (404) or a method the service does not offer (405) before Feathers
 * looks them up, so such a call never reaches its router and is always answered (an unknown method name would
 * otherwise wait for ever). Each refusal names the service or method and carries an i18n key.
 */
export function guardSocketCalls(app: Application, socket: CallSocket): void {
  socket.use((packet, next) => {
    const [method, path] = packet
    const ack = packet[packet.length - 1]
    const refuse = (error: FeathersError) => {
      if (typeof ack === 'function') (ack as (error: unknown) => void)(error.toJSON())
    }
    const name = servicePath(app, path)
    if (name === undefined) return refuse(createError('NotFound', 'errors:service.notFound', { path: shown(path) }))
    if (typeof method !== 'string' || !methodsOf(app, name).includes(method)) {
      return refuse(createError('MethodNotAllowed', 'errors:service.methodNotAllowed', { method: shown(method), path: name }))
    }
    next()
  })
}
