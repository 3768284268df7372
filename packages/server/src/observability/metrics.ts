import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Knex } from 'knex'
import type { Application } from '../declarations'

/** What the server measures as it works; every method is a no-op until the metrics port is started. */
export interface Observations {
  /** One HTTP request on the public port: its route (ids masked), method, status and duration. */
  httpRequest(route: string, method: string, status: number, seconds: number): void
  /** One external service call (socket or HTTP): service path, method, outcome ('ok' or the error code). */
  serviceCall(service: string, method: string, outcome: string, seconds: number): void
  /** One run of a queued job, by kind and outcome ('done', 'retry', 'failed'). */
  job(kind: string, outcome: string, seconds: number): void
  /** One extraction of a document (engines, candidates, aggregation), by outcome. */
  extraction(outcome: string, seconds: number): void
  /** One page read by OCR. */
  ocrPage(seconds: number): void
}

const NOTHING: Observations = { httpRequest() {}, serviceCall() {}, job() {}, extraction() {}, ocrPage() {} }

let active: Observations = NOTHING

/** The server's measuring points call these; they cost nothing while metrics are off. */
export const observe: Observations = {
  httpRequest: (...args) => active.httpRequest(...args),
  serviceCall: (...args) => active.serviceCall(...args),
  job: (...args) => active.job(...args),
  extraction: (...args) => active.extraction(...args),
  ocrPage: (...args) => active.ocrPage(...args),
}

/** The metrics port of a running server. */
export interface MetricsServer {
  port: number
  close(): Promise<void>
}

interface QueueRow {
  kind: string
  state: string
  depth: number | string
  age: number | string | null
}

/** Jobs not done yet by kind and state, with the age of the oldest; one query per scrape (jobs_open_idx of migration 032). */
async function queueRows(knex: Knex): Promise<QueueRow[]> {
  const result = await knex.raw(
    `select kind, state, count(*) as depth, extract(epoch from now() - min(created_at)) as age
       from jobs where state <> 'done' group by kind, state`,
  )
  return result.rows as QueueRow[]
}

/** The knex pool's connections (tarn): in use, idle, and callers waiting for one. */
function poolUse(knex: Knex): { used: number; free: number; pending: number } | undefined {
  const pool = (knex.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool
  if (!pool || typeof pool.numUsed !== 'function') return undefined
  return { used: pool.numUsed(), free: pool.numFree(), pending: pool.numPendingAcquires() }
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const LONG_SECONDS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300]

/**
 * Starts the Prometheus metrics on their own port (METRICS_PORT; GET /metrics, nothing else). prom-client is loaded
 * only here, so a server without metrics never pays for it at start. Process metrics (CPU, memory, handles, GC,
 * event-loop delay) come from prom-client's defaults; the portal's own are named `portal_*`.
 */
export async function startMetrics(app: Application, port: number, host: string): Promise<MetricsServer> {
  const client = await import('prom-client')
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 })
  const registers = [registry]
  const http = new client.Histogram({ name: 'portal_http_request_duration_seconds', help: 'HTTP requests on the public port by route, method and status.', labelNames: ['route', 'method', 'status'], buckets: SECONDS, registers })
  const calls = new client.Histogram({ name: 'portal_service_call_duration_seconds', help: 'External service calls by service, method and outcome.', labelNames: ['service', 'method', 'outcome'], buckets: SECONDS, registers })
  const jobs = new client.Histogram({ name: 'portal_job_duration_seconds', help: 'Runs of queued jobs by kind and outcome.', labelNames: ['kind', 'outcome'], buckets: LONG_SECONDS, registers })
  const extraction = new client.Histogram({ name: 'portal_extraction_duration_seconds', help: 'Extractions of a document (engines, candidates, aggregation) by outcome.', labelNames: ['outcome'], buckets: LONG_SECONDS, registers })
  const ocr = new client.Histogram({ name: 'portal_ocr_page_duration_seconds', help: 'Pages read by OCR.', buckets: LONG_SECONDS, registers })
  const knex = app.get('knex')
  new client.Gauge({
    name: 'portal_open_sockets',
    help: 'Realtime (socket.io) connections open on this instance.',
    registers,
    collect() {
      this.set(app.io?.engine.clientsCount ?? 0)
    },
  })
  // Both queue gauges come from one query per scrape.
  let queue: Promise<QueueRow[]> | undefined
  const queueOnce = () => {
    queue ??= queueRows(knex).finally(() => setTimeout(() => (queue = undefined), 1000).unref())
    return queue
  }
  new client.Gauge({
    name: 'portal_job_queue_depth',
    help: 'Jobs not done yet (queued, running, failed) by kind and state.',
    labelNames: ['kind', 'state'],
    registers,
    async collect() {
      this.reset()
      for (const row of await queueOnce().catch(() => [])) this.set({ kind: row.kind, state: row.state }, Number(row.depth))
    },
  })
  new client.Gauge({
    name: 'portal_job_queue_oldest_age_seconds',
    help: 'Age of the oldest job not done yet by kind and state (a growing queued age: workers too few or stuck).',
    labelNames: ['kind', 'state'],
    registers,
    async collect() {
      this.reset()
      for (const row of await queueOnce().catch(() => [])) this.set({ kind: row.kind, state: row.state }, Number(row.age ?? 0))
    },
  })
  new client.Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database pool connections of this instance: used, free, and callers pending for one.',
    labelNames: ['state'],
    registers,
    collect() {
      const use = poolUse(knex)
      if (!use) return
      for (const [state, value] of Object.entries(use)) this.set({ state }, value)
    },
  })
  active = {
    httpRequest: (route, method, status, seconds) => http.observe({ route, method, status: String(status) }, seconds),
    serviceCall: (service, method, outcome, seconds) => calls.observe({ service, method, outcome }, seconds),
    job: (kind, outcome, seconds) => jobs.observe({ kind, outcome }, seconds),
    extraction: (outcome, seconds) => extraction.observe({ outcome }, seconds),
    ocrPage: (seconds) => ocr.observe(seconds),
  }
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
      return
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      active = NOTHING
      registry.clear()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
