import type { Application as KoaFeathers } from '@feathersjs/koa'
import type { Knex } from 'knex'
import type { QueryParams, RecordId, ServiceTypes as ContractTypes } from '@portal/sdk/services'
import type { PortalParams } from './hooks/guard'
import type { ServerConfig } from './config'
import type { Logger } from './logger'
import type { WorkerPool } from './jobs/worker'

/** Settings every service can read with app.get(). */
export interface AppSettings {
  config: ServerConfig
  knex: Knex
  engine: 'pglite' | 'postgres'
  logger: Logger
  /** Feathers authentication settings (see authentication/). */
  authentication: Record<string, unknown>
  /** The extraction worker pool of this process, when it runs one. */
  workers?: WorkerPool
}

/**
 * The server's side of a contract method: the same arguments and answer, with the server's params (the caller's
 * session and companies besides the query) in place of the client's.
 */
type ServerMethod<Method, Fn> = Fn extends (...args: infer Args) => infer Answer
  ? Method extends 'find'
    ? (params?: Omit<PortalParams, 'query'> & { query?: NonNullable<Args[0]> extends QueryParams<infer Q> ? Q : never }) => Answer
    : Method extends 'get' | 'remove'
      ? (id: RecordId, params?: PortalParams) => Answer
      : Method extends 'create'
        ? (data: Args[0], params?: PortalParams) => Answer
        : Method extends 'update' | 'patch'
          ? (id: RecordId, data: Args[1], params?: PortalParams) => Answer
          : Fn
  : Fn

/** The server's view of a service contract (a typed client view of the SDK). */
export type ServerService<View> = { [Method in keyof View]: ServerMethod<Method, View[Method]> }

/** Every service of the SDK's descriptors, as the server serves it. */
type DescribedServices = { [Path in keyof ContractTypes]: ServerService<ContractTypes[Path]> }

/**
 * Service registry of the server, derived from the SDK's service descriptors (so `app.service(path)` is typed
 * without casts); authentication/ adds the authentication service, which has no typed contract.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServiceTypes extends DescribedServices {}

/** The Feathers application with our services and settings. */
export type Application = KoaFeathers<ServiceTypes, AppSettings>
