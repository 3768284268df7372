import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../packages/server/src/logger'
import { enqueueJob } from '../../packages/server/src/jobs/queue'
import { austrianInvoice } from '../support/austrian-invoices'
import { freePort, startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadFiles, uploadResults, type UserSession } from '../support/session'
import { signIn } from '../support/tokens'

/** Every line the server logged, as written (JSON lines). */
class LogLines extends Writable {
  readonly lines: string[] = []
  private rest = ''
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    const text = this.rest + chunk.toString()
    const parts = text.split('\n')
    this.rest = parts.pop() ?? ''
    this.lines.push(...parts.filter((line) => line.length > 0))
    done()
  }
  parsed(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  }
}

// Issue 37: what a firm's IT watches. The probes and the public port, the metrics on their own port after real calls,
// and the log of a real run (sign-in, an upload and its extraction, service calls) scanned for personal data.
describe('health, metrics and logs of a running portal', () => {
  let server: TestServer
  let metricsPort: number
  const log = new LogLines()
  let staff: UserSession
  let staffPassword: string
  let companyNo: number
  let uploadRequestId: string
  let invoice: Awaited<ReturnType<typeof austrianInvoice>>

  beforeAll(async () => {
    metricsPort = await freePort()
    server = await startTestServer({ env: { METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' }, logger: createLogger({ logLevel: 'info' }, log) })
    staffPassword = 'portal-demo'
    staff = await signInSession(server.url, 'staff@demo.portal', staffPassword)
    companyNo = staff.companies[0]
    invoice = await austrianInvoice(7)
    // An upload, and its extraction on this instance's workers, followed to the end.
    const documents = staff.client.service('documents')
    const done = new Promise<void>((resolve) => {
      const handler = (record: { file_name: string; processing_state: string }) => {
        if (record.file_name === 'rechnung-ops.pdf' && record.processing_state === 'done') resolve()
      }
      documents.on('patched', handler)
    })
    const response = await uploadFiles(server.url, staff.token, companyNo, [{ name: 'rechnung-ops.pdf', bytes: invoice.pdf }], 'er_u')
    uploadRequestId = response.headers.get('x-request-id') ?? ''
    expect((await uploadResults(response))[0].status).toBe('uploaded')
    await done
    await staff.client.service('aggregator').find({ query: { client_no: companyNo, type: 'ER_U', $limit: 10 } })
    await staff.client.service('invoice-counts').find({ query: { client_no: companyNo } })
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
  })

  it('answers /healthz and /readyz without sign-in, and nothing about users or documents', async () => {
    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${server.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', documentStore: 'ok', jobQueue: 'ok' } })
  })

  it('never serves metrics on the public port', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404)
    // …and the metrics port serves nothing but them.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404)
  })

  it('serves Prometheus metrics of the real calls on METRICS_PORT', async () => {
    // A job of a kind no instance runs stays queued: the queue gauges show it by kind and state.
    await enqueueJob(server.knex, 'ops-test-idle', {})
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    expect(scrape.status).toBe(200)
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await scrape.text()
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN)
    expect(value(/^portal_http_request_duration_seconds_count\{route="\/api\/documents\/upload",method="POST",status="200"\} (\d+)/m)).toBe(1)
    expect(value(/^portal_service_call_duration_seconds_count\{service="aggregator",method="find",outcome="ok"\} (\d+)/m)).toBe(1)
    expect(value(/^portal_service_call_duration_seconds_count\{service="invoice-counts",method="find",outcome="ok"\} (\d+)/m)).toBe(1)
    expect(value(/^portal_extraction_duration_seconds_count\{outcome="done"\} (\d+)/m)).toBe(1)
    expect(value(/^portal_job_duration_seconds_count\{kind="extract-document",outcome="done"\} (\d+)/m)).toBe(1)
    expect(text).toMatch(/^# TYPE portal_ocr_page_duration_seconds histogram/m)
    expect(value(/^portal_open_sockets (\d+)/m)).toBeGreaterThanOrEqual(1)
    expect(value(/^portal_job_queue_depth\{kind="ops-test-idle",state="queued"\} (\d+)/m)).toBe(1)
    expect(value(/^portal_job_queue_oldest_age_seconds\{kind="ops-test-idle",state="queued"\} ([\d.e-]+)/m)).toBeGreaterThanOrEqual(0)
    expect(text).toMatch(/^portal_db_pool_connections\{state="used"\} \d+/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+/m)
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m)
  })

  it('logs JSON lines whose request id follows the upload into its extraction job', () => {
    const lines = log.parsed()
    expect(uploadRequestId).toMatch(/^[0-9a-f]{16}$/)
    const ofUpload = lines.filter((line) => line.req === uploadRequestId)
    expect(ofUpload.map((line) => line.msg)).toEqual(expect.arrayContaining(['http', 'job started', 'job done']))
    expect(ofUpload.find((line) => line.msg === 'http')).toMatchObject({ level: 'info', method: 'POST', route: '/api/documents/upload', status: 200 })
    // Socket calls get their own ids.
    const call = lines.find((line) => line.msg === 'call' && line.service === 'aggregator')
    expect(call).toMatchObject({ level: 'info', method: 'find', outcome: 'ok', req: expect.stringMatching(/^[0-9a-f]{16}$/) })
  })

  it('keeps personal data and secrets out of the log at info', async () => {
    const user = await server.knex('users').where({ email: 'staff@demo.portal' }).first('email', 'first_name', 'last_name')
    const company = await server.knex('companies').where({ company_no: companyNo }).first('company_name', 'iban')
    const { idToken, accessToken } = await signIn(server.url, 'client@demo.portal', 'portal-demo')
    const text = log.lines.join('\n')
    const forbidden = [
      user.email,
      user.first_name,
      user.last_name,
      'client@demo.portal',
      company.company_name,
      invoice.truth.iban!,
      invoice.truth.iban!.replace(/(.{4})/g, '$1 ').trim(),
      invoice.truth.buyer_name,
      staff.token,
      idToken,
      accessToken,
      staffPassword,
    ].filter((word): word is string => typeof word === 'string' && word.length > 3)
    expect(log.lines.length).toBeGreaterThan(20)
    for (const word of forbidden) expect(text, `the log holds "${word.slice(0, 12)}…"`).not.toContain(word)
  })
})

describe('readiness when a part does not answer', () => {
  it('answers 503 naming the database (and the job queue in it) once the database is gone', async () => {
    const server = await startTestServer({ demo: false })
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      await server.knex.destroy()
      const ready = await fetch(`${server.url}/readyz`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({ status: 'unavailable', failing: ['database', 'jobQueue'], checks: { database: 'failing', documentStore: 'ok', jobQueue: 'failing' } })
      // The process itself still lives.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    } finally {
      await server.close().catch(() => undefined)
    }
  })
})
