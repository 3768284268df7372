import type { Application as KoaFeathers } from '@feathersjs/koa'
import type { Knex } from 'knex'
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

/** Service registry of the server; each service module augments it. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServiceTypes {}

/** The Feathers application with our services and settings. */
export type Application = KoaFeathers<ServiceTypes, AppSettings>
