import { feathers, type HookContext, type NextFunction } from '@feathersjs/feathers'
import { koa, bodyParser } from '@feathersjs/koa'
import socketio from '@feathersjs/socketio'
import type { ServerConfig } from './config'
import type { Database } from './db/connect'
import type { Application, ServiceTypes, AppSettings } from './declarations'
import type { Logger } from './logger'
import { configureServices } from './services/index'
import { configureChannels } from './channels'
import { documentRoutes } from './documents/http'
import { erpExportRoutes } from './http/erp-export-download'
import { paymentRunRoutes } from './http/payment-run-file'
import { scannerRoutes } from './intake/scanner-http'
import { importFileRoutes } from './http/import-files/route'
import { closeEventSync, configureEventSync } from './realtime/sync'
import { configureAuthentication } from './authentication/index'
import { mountIdentityProvider } from './authentication/identity'
import { hideInternals } from './hooks/hide-internals'
import { errorAnswers } from './http/errors'
import { servePortal } from './http/portal'
import { inlineScriptHashes, securityHeaders } from './http/security-headers'
import { guardSocketCalls } from './http/socket-calls'
import { passwordSetupRoutes } from './http/password-setup'
import { healthRoutes, observeHttp } from './observability/http'
import { observeCalls } from './observability/calls'

/** Builds the Feathers application: Koa, socket.io, services, channels. Does not listen. */
export async function createApp(config: ServerConfig, db: Database, logger: Logger): Promise<Application> {
  const app: Application = koa(feathers<ServiceTypes, AppSettings>())
  app.set('config', config)
  app.set('knex', db.knex)
  app.set('engine', db.engine)
  app.set('logger', logger)
  app.proxy = config.trustProxy

  // Each request and call gets the id that follows it through its commands and jobs, one log line and its metrics.
  app.use(observeHttp(app))
  // Whatever fails, no answer shows a stack, SQL or a path: over HTTP (Koa) and over the socket (Feathers hooks).
  app.use(errorAnswers(logger))
  app.hooks({ around: { all: [observeCalls(), hideInternals()] } })
  // Liveness and readiness for load balancers, before anything that needs a session.
  app.use(healthRoutes(app))
  // The built portal (index.html for every client-side route); its inline scripts are allowed by their hashes.
  const portal = servePortal(config.webDir)
  app.use(securityHeaders({ scriptHashes: portal ? inlineScriptHashes(portal.indexHtml) : [], issuer: config.issuer, publicUrl: config.publicUrl }))
  // The embedded OIDC provider reads its own request bodies, so it goes before the body parser; it also
  // sets app.keys to its persisted cookie keys.
  const identity = await mountIdentityProvider(app, config, db.knex, logger)
  app.use(bodyParser({ multipart: false, jsonLimit: '1mb' }))
  app.configure(
    socketio({ transports: ['websocket'], maxHttpBufferSize: 2e6, pingTimeout: 20000 }, (io) => {
      // A malformed message must never take the server down.
      io.engine.on('connection_error', (error: Error) => logger.debug({ err: error }, 'socket connection error'))
      io.on('connection', (socket) => guardSocketCalls(app, socket))
    }),
  )
  // Several instances: service events cross between them through Redis (must precede the services).
  if (config.redisUrl) {
    await configureEventSync(app, config.redisUrl)
    app.hooks({
      teardown: [
        async (_context: HookContext, next: NextFunction) => {
          await next()
          await closeEventSync(app)
        },
      ],
    })
  }
  configureAuthentication(app, identity)
  await configureServices(app)
  app.use(documentRoutes(app))
  app.use(passwordSetupRoutes(app))
  app.use(erpExportRoutes(app))
  app.use(paymentRunRoutes(app))
  app.use(scannerRoutes(app))
  app.use(importFileRoutes(app))
  app.configure(configureChannels)

  if (portal) app.use(portal.middleware)
  return app
}
