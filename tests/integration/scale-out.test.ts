import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knexFactory, { type Knex } from 'knex'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPortalClient, type PortalClient } from '../../packages/sdk/src/client/index'
import type { DocumentRecord } from '../../packages/sdk/src/services/index'
import { simulateScan } from '../../packages/server/src/extraction/ocr/scan'
import { austrianInvoicePdf } from '../../packages/server/src/extraction/ocr/test-invoice'
import { austrianInvoice } from '../support/austrian-invoices'
import { startTestServer, type TestServer } from '../support/server'
import { startServerProcess, type ServerProcess } from '../support/server-process'
import { uploadFiles, uploadResults } from '../support/session'
import { signIn } from '../support/tokens'

// Several instances need a shared database: this runs in the PostgreSQL pass of CI (DATABASE_URL).
describe.runIf(process.env.DATABASE_URL)('two server instances on one PostgreSQL with REDIS_URL', () => {
  let first: TestServer
  let second: TestServer
  let onFirst: PortalClient
  let onSecond: PortalClient
  let companyNo: number

  beforeAll(async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379' }
    first = await startTestServer({ env })
    second = await startTestServer({ env, databaseSchema: first.databaseSchema, demo: false })
    onFirst = createPortalClient({ url: first.url })
    const session = await onFirst.authenticate({ strategy: 'jwt', accessToken: (await signIn(first.url, 'staff@demo.portal', 'portal-demo')).idToken })
    companyNo = session.user.klienten_array[0]
    onSecond = createPortalClient({ url: second.url })
    await onSecond.authenticate({ strategy: 'jwt', accessToken: (await signIn(second.url, 'staff@demo.portal', 'portal-demo')).idToken })
  })
  afterAll(async () => {
    onFirst?.close()
    onSecond?.close()
    await second?.close()
    await first?.close()
  })

  it('delivers an event created on one instance to a socket connected to the other', async () => {
    const received = new Promise<{ name: string }>((resolve) => onSecond.service('acc-suppliers').on('created', resolve))
    const accounting = (await onFirst.service('accounting-client').find()).find((c) => c.company_no === companyNo)!.current_accounting
    await onFirst.service('acc-suppliers').create({ client: companyNo, accounting, account: 339998, name: 'Verteilt Handels KG', type: 3 })
    await expect(received).resolves.toMatchObject({ name: 'Verteilt Handels KG' })
  })
  it('refuses on every instance an identity token that was logged out on one', async () => {
    const token = (await signIn(first.url, 'client@demo.portal', 'portal-demo')).idToken
    const a = createPortalClient({ url: first.url })
    await a.authenticate({ strategy: 'jwt', accessToken: token })
    await a.logout()
    a.close()
    const b = createPortalClient({ url: second.url })
    await expect(b.authenticate({ strategy: 'jwt', accessToken: token })).rejects.toMatchObject({ code: 401 })
    b.close()
  })
})

/** The log lines of an instance about extraction jobs with this message ('job started', 'job done'). */
const jobLines = (instance: ServerProcess, msg: string) => instance.logLines().filter((line) => line.msg === msg && line.kind === 'extract-document')

/** A scanned invoice of `pages` pages (a multi-page TIFF without a text layer): only OCR reads it, page by page. */
async function scannedInvoice(pages: number): Promise<Uint8Array> {
  const one = await PDFDocument.load(await austrianInvoicePdf(12))
  const many = await PDFDocument.create()
  for (let i = 0; i < pages; i++) many.addPage((await many.copyPages(one, [0]))[0])
  return simulateScan(await many.save(), { dpi: 300, degrees: 0.4, seed: 37 })
}

// Issue 37: three real server processes (and a fourth for the take-over) on one PostgreSQL and one Redis, as behind a
// load balancer: one PUBLIC_URL, the upload on one, the extraction on another, the event on a socket of a third.
describe.runIf(process.env.DATABASE_URL)('three server processes on one PostgreSQL and one Redis', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`
  // One volume for the document files and the secrets key, as the instances of a firm share one (or one S3 bucket).
  const dataDir = join(tmpdir(), `portal-scale-out-${randomBytes(6).toString('hex')}`)
  const common = { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema, DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379', JOB_LOCK_TIMEOUT_SECONDS: '3' }
  let uploads: ServerProcess
  let worker: ServerProcess
  let sockets: ServerProcess
  let secondWorker: ServerProcess | undefined
  let staff: { token: string; companyNo: number }
  let watcher: PortalClient
  let db: Knex
  /** Documents read to the end, as the socket on the third instance saw them (by file name). */
  const done = new Map<string, DocumentRecord>()
  const readOnThird = (name: string) => expect.poll(() => done.get(name), { timeout: 90_000, interval: 100 }).toBeDefined()

  beforeAll(async () => {
    uploads = await startServerProcess({ ...common, PORTAL_DEMO: '1', WORKER_CONCURRENCY: '0' })
    const shared = { ...common, PORTAL_DEMO: '0', PUBLIC_URL: uploads.url }
    ;[worker, sockets] = await Promise.all([startServerProcess({ ...shared, WORKER_CONCURRENCY: '1' }), startServerProcess({ ...shared, WORKER_CONCURRENCY: '0' })])
    const { idToken } = await signIn(uploads.url, 'staff@demo.portal', 'portal-demo')
    watcher = createPortalClient({ url: sockets.url })
    const session = await watcher.authenticate({ strategy: 'jwt', accessToken: idToken })
    staff = { token: idToken, companyNo: session.user.klienten_array[0] }
    watcher.service('documents').on('patched', (record: DocumentRecord) => {
      if (record.processing_state === 'done') done.set(record.file_name, record)
    })
    db = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, searchPath: [schema], pool: { min: 0, max: 2 } })
  }, 180_000)
  afterAll(async () => {
    watcher?.close()
    await Promise.all([uploads?.stop(), worker?.stop(), sockets?.stop(), secondWorker?.stop()])
    await db?.raw(`drop schema if exists "${schema}" cascade`)
    await db?.destroy()
    await rm(dataDir, { recursive: true, force: true })
  }, 60_000)

  const upload = async (files: { name: string; bytes: Uint8Array }[]) => {
    const response = await uploadFiles(uploads.url, staff.token, staff.companyNo, files, 'er_u')
    expect((await uploadResults(response)).map((result) => result.status)).toEqual(files.map(() => 'uploaded'))
    return response.headers.get('x-request-id')!
  }

  it('reads an upload of the first on the second, and tells a socket on the third', async () => {
    const requestId = await upload([{ name: 'verteilt-1.pdf', bytes: (await austrianInvoice(11)).pdf }])
    await readOnThird('verteilt-1.pdf')
    // The job ran on the worker instance, under the request id of the upload on the first (its event goes out before
    // the job is marked done and the line written).
    await expect.poll(() => jobLines(worker, 'job done'), { timeout: 30_000 }).toEqual([expect.objectContaining({ req: requestId })])
    expect(jobLines(uploads, 'job started')).toEqual([])
    expect(jobLines(sockets, 'job started')).toEqual([])
  }, 120_000)

  it('runs each job once while two instances work the queue', async () => {
    secondWorker = await startServerProcess({ ...common, PORTAL_DEMO: '0', PUBLIC_URL: uploads.url, WORKER_CONCURRENCY: '2' })
    const names = Array.from({ length: 8 }, (_, i) => `stapel-${i}.pdf`)
    await upload(await Promise.all(names.map(async (name, i) => ({ name, bytes: (await austrianInvoice(20 + i)).pdf }))))
    for (const name of names) await readOnThird(name)
    const ids = (await db('documents').whereIn('file_name', names).select('job_id')).map((row: { job_id: number }) => Number(row.job_id))
    await expect.poll(async () => db('jobs').whereIn('id', ids).select('state', 'attempts'), { timeout: 30_000 }).toEqual(ids.map(() => ({ state: 'done', attempts: 1 })))
    // Each job started exactly once, on one of the two worker instances.
    const started = () => [...jobLines(worker, 'job started'), ...jobLines(secondWorker!, 'job started')].map((line) => Number(line.job)).filter((id) => ids.includes(id))
    await expect.poll(() => started().sort(), { timeout: 30_000 }).toEqual([...ids].sort())
  }, 180_000)

  it('takes over the running job of an instance that was killed', async () => {
    await upload([{ name: 'scan-gross.tif', bytes: await scannedInvoice(6) }])
    const [document] = await db('documents').where({ file_name: 'scan-gross.tif' }).select('job_id')
    const jobId = Number(document.job_id)
    // Whichever worker instance took it is killed mid-way (SIGKILL: no stop, no clean-up).
    await expect.poll(async () => (await db('jobs').where({ id: jobId }).first('state')).state, { timeout: 60_000, interval: 20 }).toBe('running')
    const { locked_by: holder } = await db('jobs').where({ id: jobId }).first('locked_by')
    const [victim, survivor] = holder.includes(`:${worker.child.pid}:`) ? [worker, secondWorker!] : [secondWorker!, worker]
    await victim.kill()
    await readOnThird('scan-gross.tif')
    await expect.poll(async () => db('jobs').where({ id: jobId }).first('state', 'attempts'), { timeout: 30_000 }).toEqual({ state: 'done', attempts: 2 })
    await expect.poll(() => jobLines(survivor, 'job done').filter((line) => line.job === jobId), { timeout: 30_000 }).toHaveLength(1)
    expect(jobLines(victim, 'job done').filter((line) => line.job === jobId)).toEqual([])
    expect(await db('document_pages').where({ document_id: (await db('documents').where({ file_name: 'scan-gross.tif' }).first('id')).id }).count({ n: '*' })).toEqual([{ n: '6' }])
  }, 180_000)
})
