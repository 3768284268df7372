import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ServerConfig } from './config'
import { openDatabase, type Database } from './db/connect'
import { migrateToLatest } from './db/migrate'
import { seedDemoData } from './db/seed-demo'
import { seedDemoScreens } from './db/seed-demo-screens'
import { requeueStaleJobs } from './jobs/queue'
import { startExtractionWorkers, startOcrEngine } from './jobs/extraction-workers'
import { startFonImportWorkers } from './jobs/fon-import-workers'
import { startSvImportWorkers } from './jobs/sv-import-workers'
import { useSecretsKey } from './security/secret-box'
import { sweepDocumentStore } from './documents/sweep'
import { closeOcr, configureOcr } from './extraction/ocr/pool'
import { closeExtractionThreads, configureExtractionThreads } from './extraction/thread/pool'
import { closeFileThreads } from './documents/file-thread/pool'
import type { Application } from './declarations'
import { createLogger, type Logger } from './logger'
import { startMailIntake } from './intake/mail/index'

/** A running portal server. */
export interface RunningServer {
  app: Application
  db: Database
  url: string
  port: number
  logger: Logger
  close(): Promise<void>
}

/** Opens the database, migrates, seeds demo data when asked, and listens. */
export async function startServer(config: ServerConfig, logger = createLogger(config)): Promise<RunningServer> {
  // The application's modules load while the database opens (its WebAssembly compiles off the main thread).
  const [db, { createApp }] = await Promise.all([openDatabase(config), import('./app')])
  let http: Server | undefined
  try {
    await migrateToLatest(db.knex)
    if (config.secretsKey) useSecretsKey(config.dataDir, config.secretsKey)
    await sweepDocumentStore({ knex: db.knex, dataDir: config.dataDir, engine: db.engine, logger })
    const seeded = config.demo && (await seedDemoData(db.knex, logger, { ledger: config.demoLedger, dataDir: config.dataDir }))
    const app = await createApp(config, db, logger)
    // The demo's screens are filled through the app's own commands, so after it is made and before anyone signs in.
    if (seeded && config.demoScreens) await seedDemoScreens(app)
    const listening = await app.listen(config.port, config.host)
    http = listening as Server
    if (!http.listening) {
      await new Promise<void>((resolve, reject) => {
        http!.once('listening', resolve)
        http!.once('error', reject)
      })
    }
    const port = (http.address() as AddressInfo).port
    // Embedded: this process holds the only lock, so any 'running' job was left by a killed process.
    if (db.engine === 'pglite') await requeueStaleJobs(db.knex, 0)
    configureOcr({ workers: config.ocrWorkers })
    startOcrEngine(config.ocrEngine, logger)
    configureExtractionThreads({ threads: Math.max(1, config.workerConcurrency) })
    const workers = startExtractionWorkers(app, config.workerConcurrency)
    app.set('workers', workers)
    const fonImports = startFonImportWorkers(app)
    const svImports = startSvImportWorkers(app)
    // The e-mail intake's SMTP listener and IMAP poller, when configured (off by default).
    const mail = await startMailIntake(app).catch(async (error: unknown) => {
      await workers.stop()
      await fonImports.stop()
      await svImports.stop()
      throw error
    })
    return {
      app,
      db,
      url: config.publicUrl,
      port,
      logger,
      close: async () => {
        await mail.close()
        await workers.stop()
        await fonImports.stop()
        await svImports.stop()
        // The OCR threads hold the language models in memory and keep the process alive.
        await closeOcr()
        await closeExtractionThreads()
        await closeFileThreads()
        await app.teardown()
        await db.close()
      },
    }
  } catch (error) {
    http?.close()
    await db.close()
    throw error
  }
}
