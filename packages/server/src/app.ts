import { feathers } from '@feathersjs/feathers'
import { koa, bodyParser, errorHandler, serveStatic } from '@feathersjs/koa'
import socketio from '@feathersjs/socketio'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ServerConfig } from './config'
import type { Database } from './db/connect'
import type { Application, ServiceTypes, AppSettings } from './declarations'
import type { Logger } from './logger'
import { configureServices } from './services/index'
import { configureChannels } from './channels'
import { documentRoutes } from './documents/http'

/** Builds the Feathers application: Koa, socket.io, services, channels. Does not listen. */
export async function createApp(config: ServerConfig, db: Database, logger: Logger): Promise<Application> {
  const app: Application = koa(feathers<ServiceTypes, AppSettings>())
  app.set('config', config)
  app.set('knex', db.knex)
  app.set('engine', db.engine)
  app.set('logger', logger)
  // Keys for signed cookies (the embedded identity provider sets its own, equal ones).
  app.keys = ['portal-cookie-key']

  app.use(errorHandler())
  app.use(bodyParser({ multipart: false, jsonLimit: '1mb' }))
  app.configure(
    socketio({ transports: ['websocket'], maxHttpBufferSize: 2e6, pingTimeout: 20000 }, (io) => {
      // A malformed message must never take the server down.
      io.engine.on('connection_error', (error: Error) => logger.debug({ err: error }, 'socket connection error'))
    }),
  )
  await configureServices(app)
  app.use(documentRoutes(app))
  app.configure(configureChannels)

  // The built portal: static files, and index.html for every client-side route.
  if (existsSync(join(config.webDir, 'index.html'))) {
    const indexHtml = readFileSync(join(config.webDir, 'index.html'), 'utf8')
    app.use(serveStatic(config.webDir, { index: false, maxage: 0 }))
    app.use(async (ctx, next) => {
      await next()
      if (ctx.status === 404 && ctx.method === 'GET' && !ctx.body && ctx.accepts('html')) {
        ctx.type = 'html'
        ctx.body = indexHtml
      }
    })
  }
  return app
}
