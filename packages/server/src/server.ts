import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ServerConfig } from './config'
import { openDatabase, type Database } from './db/connect'
import { migrateToLatest } from './db/migrate'
import { requeueStaleJobs } from './jobs/queue'
import { startExtractionWorkers, startOcrEngine } from './jobs/extraction-workers'
import { decideOcrEngine } from './extraction/ocr/engine'
import { startFonImportWorkers } from './jobs/fon-import-workers'
import { startSvImportWorkers } from './jobs/sv-import-workers'
import { useSecretsKey } from './security/secret-box'
import { sweepDocumentStore } from './documents/sweep'
import { documentStoreOf } from './documents/runtime'
import { S3DocumentStore } from './documents/s3-store'
import { listenAdminSocket } from './operations/admin-socket'
import { closeOcr, configureOcr } from './extraction/ocr/pool'
import { closeExtractionThreads, configureExtractionThreads } from './extraction/thread/pool'
import { closeFileThreads } from './documents/file-thread/pool'
import type { Application } from './declarations'
import { createLogger, type Logger } from './logger'
import { startMailIntake } from './intake/mail/index'
import type { MetricsServer } from './observability/metrics'

/** A running portal server. */
export interface RunningServer {
  app: Application
  db: Database
  url: string
  port: number
  logger: Logger
  /** The metrics port, when METRICS_PORT is set. */
  metricsPort: number | undefined
  close(): Promise<void>
}

/** Writes the demo data into a new database; its modules (PDF generation and all) load only then. */
async function seedDemoIfNew(knex: Database['knex'], config: ServerConfig, logger: Logger): Promise<boolean> {
  if (await knex('firms').first('id')) return false
  const { seedDemoData } = await import('./db/seed-demo')
  return seedDemoData(knex, logger, { ledger: config.demoLedger, store: documentStoreOf(config) })
}

/**
 * Opens the database, migrates, seeds demo data when asked, and listens. Nothing waits that need not: the
 * application's modules load and the OCR engine is probed while the database opens; the libraries of what is off or
 * not used yet (mail intake, PDF and spreadsheet writers, page drawing, the demo seed on a seeded database) load
 * when first needed; the document store's sweep runs once the server listens.
 */
export async function startServer(config: ServerConfig, logger = createLogger(config)): Promise<RunningServer> {
  const startedAt = Date.now()
  const ocrEngine = decideOcrEngine(config.ocrEngine)
  // Awaited before the server listens; this only keeps a refusal from counting as unhandled meanwhile.
  ocrEngine.catch(() => undefined)
  // The database's WebAssembly compiles off the main thread.
  const store = documentStoreOf(config)
  // A bucket that does not answer stops the start with a message naming it (its SDK loads only with DOCUMENT_STORE=s3).
  const storeChecked = store instanceof S3DocumentStore ? store.check() : Promise.resolve()
  storeChecked.catch(() => undefined)
  const [db, { createApp }] = await Promise.all([openDatabase(config), import('./app')])
  let http: Server | undefined
  let swept: Promise<unknown> | undefined
  try {
    await storeChecked
    await migrateToLatest(db.knex)
    if (config.secretsKey) useSecretsKey(config.dataDir, config.secretsKey)
    const seeded = config.demo && (await seedDemoIfNew(db.knex, config, logger))
    const app = await createApp(config, db, logger)
    // The demo's screens are filled through the app's own commands, so after it is made and before anyone signs in.
    if (seeded && config.demoScreens) await (await import('./db/seed-demo-screens')).seedDemoScreens(app)
    // OCR_ENGINE=native without a usable native engine stops the start here, before anyone is served.
    const ocrDecision = await ocrEngine
    const listening = await app.listen(config.port, config.host)
    http = listening as Server
    if (!http.listening) {
      await new Promise<void>((resolve, reject) => {
        http!.once('listening', resolve)
        http!.once('error', reject)
      })
    }
    const port = (http.address() as AddressInfo).port
    // What a crash left in the document store goes while the server already answers: removals are re-checked under
    // each file's lock, and this process's own uploads are younger than its start (see sweep.ts).
    swept = sweepDocumentStore({ knex: db.knex, store, engine: db.engine, processStartedAt: startedAt, logger }).catch(
      (error: unknown) => logger.error({ err: error }, 'document store sweep failed'),
    )
    // Embedded: this process holds the only lock, so any 'running' job was left by a killed process.
    if (db.engine === 'pglite') await requeueStaleJobs(db.knex, 0)
    // Embedded: `npm run backup` asks this process for the database (no other may open the data dir).
    const adminSocket = db.engine === 'pglite' ? await listenAdminSocket(config.dataDir, db, logger) : { close: async () => {} }
    configureOcr({ workers: config.ocrWorkers })
    startOcrEngine(ocrDecision, logger)
    configureExtractionThreads({ threads: Math.max(1, config.workerConcurrency) })
    const workers = startExtractionWorkers(app, config.workerConcurrency)
    app.set('workers', workers)
    const fonImports = startFonImportWorkers(app)
    const svImports = startSvImportWorkers(app)
    const stopWorkers = async () => {
      await workers.stop()
      await fonImports.stop()
      await svImports.stop()
    }
    // The e-mail intake's SMTP listener and IMAP poller, when configured (off by default).
    const mail = await startMailIntake(app).catch(async (error: unknown) => {
      await stopWorkers()
      throw error
    })
    // Prometheus metrics on their own port (off by default); prom-client loads only then.
    let metrics: MetricsServer | undefined
    if (config.metricsPort !== undefined) {
      metrics = await (await import('./observability/metrics'))
        .startMetrics(app, config.metricsPort, config.metricsHost)
        .catch(async (error: unknown) => {
          await mail.close()
          await stopWorkers()
          throw error
        })
    }
    return {
      app,
      db,
      url: config.publicUrl,
      port,
      logger,
      metricsPort: metrics?.port,
      close: async () => {
        await swept
        await adminSocket.close()
        await metrics?.close()
        await mail.close()
        await stopWorkers()
        // The OCR threads hold the language models in memory and keep the process alive.
        await closeOcr()
        await closeExtractionThreads()
        await closeFileThreads()
        await app.teardown()
        await db.close()
        if (store instanceof S3DocumentStore) await store.close()
      },
    }
  } catch (error) {
    http?.close()
    await swept
    await db.close()
    throw error
  }
}
