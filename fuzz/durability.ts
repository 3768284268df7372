import type { ChildProcess } from 'node:child_process'
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { loadConfig } from '../packages/server/src/config'
import { openDatabase } from '../packages/server/src/db/connect'
import { createDocumentStore } from '../packages/server/src/documents/runtime'
import { S3DocumentStore } from '../packages/server/src/documents/s3-store'
import { STAGING_DIR } from '../packages/server/src/documents/store'
import { freePort } from '../tests/support/server'
import { signIn } from '../tests/support/tokens'
import type { FuzzContext } from './case'
import { waitForQueue } from './extraction'
import { Rng } from './random'
import { startFuzzServer, type FuzzServer } from './server'
import { emitCall, SocketSessions } from './sockets'

/** The seed used when none is given. */
const DEFAULT_SEED = 20_260_523

const USAGE = `npm run test:durability -- [--seed N] [--kills N] [--keep]
  --seed   delays and files are drawn from this seed (default ${DEFAULT_SEED})
  --kills  SIGKILLs in total, half during batch uploads, half during extraction (default 24)
  --keep   keep the data dir and the server log`

const templates = new Map<number, Promise<Uint8Array>>()

/** A text-layer invoice of `pages` pages; `tag`, appended after the end marker (readers ignore it), makes its bytes unique. */
async function invoice(tag: string, pages: number): Promise<Uint8Array> {
  if (!templates.has(pages)) templates.set(pages, invoiceTemplate(pages))
  return Buffer.concat([await templates.get(pages)!, Buffer.from(`\n%${tag}\n`)])
}

async function invoiceTemplate(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595, 842])
    const lines = [
      'Installateur Gruber GmbH, Landstrasse 12, 4020 Linz',
      'UID-Nr.: ATU13585627',
      `Rechnungsnummer: D-${pages}-${p}`,
      'Rechnungsdatum: 14.11.2026',
      ...Array.from({ length: 30 }, (_, i) => `Position ${p}.${i + 1}  Schrauben und Muttern  EUR ${i + 1},00`),
      'Netto 20 %   EUR 100,00',
      'USt 20 %   EUR 20,00',
      'Gesamtbetrag   EUR 120,00',
    ]
    lines.forEach((text, i) => page.drawText(text, { x: 40, y: 800 - i * 20, size: 10, font }))
  }
  return doc.save()
}

/** Sends one multipart upload; the server may die while it runs, so any failure is swallowed. */
async function upload(url: string, token: string, companyNo: number, files: { name: string; bytes: Uint8Array }[]): Promise<void> {
  const form = new FormData()
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name)
  try {
    const response = await fetch(`${url}/api/documents/upload?client=${companyNo}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
    await response.text()
  } catch {
    // The server was killed mid-request: what it committed before is what the checks read.
  }
}

/** How many of the company's documents are in a processing state (or in any), or undefined when the server does not answer. */
async function processingCount(context: FuzzContext, state: 'processing' | 'all'): Promise<number | undefined> {
  try {
    const query = { client_no: context.companyNo, $limit: 0, ...(state === 'all' ? {} : { processing_state: state }) }
    const answer = await emitCall(await context.sockets.socket('admin'), 'find', ['documents', query], AbortSignal.timeout(2000))
    return answer.status === 200 ? (JSON.parse(answer.body) as { total: number }).total : undefined
  } catch {
    return undefined
  }
}

/**
 * Every file of the data dir's document store: content files (by their hash) and anything else (temporaries); on S3
 * (DOCUMENT_STORE=s3, the S3 phase of .ci/run) the bucket's objects and unfinished uploads, and the local staging folder.
 */
async function storeContents(dataDir: string): Promise<{ content: Set<string>; other: string[] }> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir })
  const store = createDocumentStore(config)
  if (!(store instanceof S3DocumentStore)) return storeFiles(join(dataDir, 'documents'))
  try {
    const content = new Set<string>()
    for await (const batch of store.list()) for (const file of batch) content.add(file.sha256)
    const other = (await storeFiles(join(dataDir, 'documents', STAGING_DIR))).other
    for await (const upload of store.unfinishedUploads()) other.push(`unfinished multipart upload ${upload.key}`)
    return { content, other }
  } finally {
    await store.close()
  }
}

/** Every file under a folder: content files (named by their hash) and anything else (temporaries). */
async function storeFiles(root: string): Promise<{ content: Set<string>; other: string[] }> {
  const content = new Set<string>()
  const other: string[] = []
  const walk = async (dir: string) => {
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) await walk(path)
      else if (/^[0-9a-f]{64}$/.test(entry.name)) content.add(entry.name)
      else other.push(path.slice(root.length + 1))
    }
  }
  await walk(root)
  return { content, other }
}

/**
 * Starts the server on a fresh data dir and SIGKILLs it while it seeds the demo data, once the demo ledger's PDFs are
 * being written (`files` of them on disk); answers how many there were, or null when the seed finished first.
 */
async function killWhileSeeding(dataDir: string, port: number, logFile: string, files: number): Promise<number | null> {
  let child: ChildProcess | undefined
  const starting = startFuzzServer({ dataDir, port, logFile, onSpawn: (spawned) => (child = spawned) }).catch(() => undefined)
  let stored = 0
  let listening = false
  void starting.then(() => (listening = true))
  while (!listening && (stored = (await storeContents(dataDir)).content.size) < files) await new Promise((resolve) => setTimeout(resolve, 10))
  child?.kill('SIGKILL')
  const server = await starting
  if (server) {
    await server.kill()
    return null
  }
  return stored
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { seed: { type: 'string' }, kills: { type: 'string' }, keep: { type: 'boolean' }, help: { type: 'boolean' } } })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed)
  const kills = values.kills === undefined ? 24 : Number(values.kills)
  if (!Number.isFinite(seed) || !Number.isInteger(kills) || kills < 2) {
    process.stderr.write(`${USAGE}\n`)
    return 2
  }
  const started = performance.now()
  const elapsed = () => `[${((performance.now() - started) / 1000).toFixed(0)} s]`
  process.stdout.write(`durability seed ${seed} (repeat with: npm run test:durability -- --seed ${seed})\n`)
  const rng = new Rng(seed)
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-durability-'))
  const logFile = `${dataDir}.log`
  const port = await freePort()
  const start = () => startFuzzServer({ dataDir, port, logFile })
  // How long each restart after a kill had to wait because the data dir still counted as in use.
  const waits: number[] = []
  const restart = async (): Promise<FuzzServer> => {
    const since = performance.now()
    for (;;) {
      try {
        const next = await start()
        waits.push((performance.now() - since) / 1000)
        return next
      } catch (error) {
        const log = await readFile(logFile, 'utf8').catch(() => '')
        if (!/already in use by another Portal process\.[^\n]*\n?$/.test(log.trimEnd() + '\n') || performance.now() - since > 30_000) throw error
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
  }

  // First a kill while the demo data is seeded: the next start must sweep what it wrote and seed it whole.
  const seedKill = await killWhileSeeding(dataDir, port, logFile, 100)
  process.stderr.write(`${elapsed()} killed while seeding the demo data (${seedKill ?? 'the seed had finished;'} ledger files on disk)\n`)
  let server: FuzzServer = await restart()
  const token = (await signIn(server.url, 'admin@demo.portal', 'portal-demo')).idToken
  let sockets = new SocketSessions(server.url, { admin: token, client: token })
  const companies = await emitCall(await sockets.socket('admin'), 'find', ['accounting-client', {}], AbortSignal.timeout(10_000))
  const companyNo = (JSON.parse(companies.body) as { company_no: number }[])[0].company_no
  const context = (): FuzzContext => ({ url: server.url, adminToken: token, expendableToken: token, clientToken: token, companyNo, foreignCompanyNo: companyNo, documentIds: [], sockets, stored: new Map() })

  let uploadKills = 0
  let extractionKills = 0
  let killedWhileProcessing = 0
  let sent = 0
  const rowsBefore = async () => (await processingCount(context(), 'all')) ?? 0
  let storedByKilledUploads = 0
  for (let cycle = 0; cycle < kills; cycle++) {
    const r = rng.fork(`cycle-${cycle}`)
    const files = async (count: number, pages: number) =>
      Promise.all(Array.from({ length: count }, async (_, i) => ({ name: `kill-${cycle}-${i}.pdf`, bytes: await invoice(`${seed}-${cycle}-${i}`, pages) })))
    if (cycle % 2 === 0) {
      // During a batch upload: three requests of eight files at once, killed part-way.
      const batches = await Promise.all([0, 1, 2].map(() => files(8, r.int(1, 4))))
      batches.forEach((batch, b) => batch.forEach((file) => (file.name = `kill-${cycle}-${b}-${file.name}`)))
      sent += 24
      const before = await rowsBefore()
      const uploads = batches.map((batch) => upload(server.url, token, companyNo, batch))
      await new Promise((resolve) => setTimeout(resolve, r.int(30, 700)))
      const stored = (await rowsBefore()) - before
      await server.kill()
      await Promise.all(uploads)
      storedByKilledUploads += Math.max(0, stored)
      uploadKills++
    } else {
      // During extraction: a batch stored whole, then killed while its documents are being read.
      const batch = await files(6, r.int(5, 15))
      sent += batch.length
      await upload(server.url, token, companyNo, batch)
      const deadline = Date.now() + 5000
      let processing = 0
      while ((processing = (await processingCount(context(), 'processing')) ?? 0) < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      await new Promise((resolve) => setTimeout(resolve, r.int(0, 300)))
      await server.kill()
      if (processing > 0) killedWhileProcessing++
      extractionKills++
    }
    await sockets.close()
    server = await restart()
    sockets = new SocketSessions(server.url, { admin: token, client: token })
    process.stderr.write(`${elapsed()} kill ${cycle + 1}/${kills} (${cycle % 2 === 0 ? 'batch upload' : 'extraction'}), restarted\n`)
  }

  // The last restart has run; every job must now finish.
  const drained = await waitForQueue(context(), 180_000)
  await sockets.close()
  await server.stop()
  process.stderr.write(`${elapsed()} queue ${drained ? 'drained' : 'NOT drained'}; checking rows against files\n`)

  const db = await openDatabase(loadConfig({ DATA_DIR: dataDir }))
  const rows = (await db.knex('documents').select('id', 'sha256', 'processing_state', 'job_id')) as { id: number; sha256: string; processing_state: string; job_id: number | null }[]
  const jobs = (await db.knex('jobs').select('id', 'state')) as { id: number; state: string }[]
  await db.close()
  const { content, other } = await storeContents(dataDir)
  const hashes = new Set(rows.map((row) => row.sha256.trim()))
  const missing = rows.filter((row) => !content.has(row.sha256.trim()))
  const orphans = [...content].filter((hash) => !hashes.has(hash))
  const unfinishedDocuments = rows.filter((row) => row.processing_state !== 'done' && row.processing_state !== 'failed')
  const unfinishedJobs = jobs.filter((job) => job.state !== 'done' && job.state !== 'failed')
  const withoutJob = rows.filter((row) => row.job_id === null)
  const seconds = (performance.now() - started) / 1000

  const figures: [string, string | number][] = [
    ['kill while seeding', seedKill === null ? 'missed: the seed finished first' : `with ${seedKill} demo-ledger files on disk`],
    ['kills (SIGKILL)', `${uploadKills + extractionKills} (${uploadKills} during batch uploads, ${extractionKills} during extraction)`],
    ['  with documents being read', `${killedWhileProcessing} of ${extractionKills} extraction kills`],
    ['files sent', sent],
    ['  stored before their kill', `${storedByKilledUploads} of ${uploadKills * 24} in the killed batches (counted just before each kill)`],
    ['document rows', rows.length],
    ['  done / failed', `${rows.filter((r) => r.processing_state === 'done').length} / ${rows.filter((r) => r.processing_state === 'failed').length}`],
    ['stored files', content.size],
    ['rows without their file', missing.length],
    ['orphan files (no row)', orphans.length],
    ['temporary files left', other.length],
    ['unfinished documents', unfinishedDocuments.length],
    ['unfinished jobs', unfinishedJobs.length],
    ['rows without a job', withoutJob.length],
    ['restart wait after a kill', `max ${Math.max(...waits).toFixed(1)} s, mean ${(waits.reduce((a, b) => a + b, 0) / waits.length).toFixed(1)} s (${waits.filter((w) => w > 3).length} restarts over 3 s)`],
    ['seconds', seconds.toFixed(0)],
  ]
  const width = Math.max(...figures.map(([name]) => name.length))
  process.stdout.write(`\n${figures.map(([name, value]) => `${name.padEnd(width)}  ${value}`).join('\n')}\n`)
  if (!values.keep) await rm(dataDir, { recursive: true, force: true })
  if (!values.keep) await rm(logFile, { force: true })
  else process.stdout.write(`data dir ${dataDir}, server log ${logFile}\n`)

  const problems = [
    ...missing.map((row) => `document ${row.id} has no file (${row.sha256.trim()})`),
    ...orphans.map((hash) => `file ${hash} has no row`),
    ...other.map((path) => `temporary file left: ${path}`),
    ...unfinishedDocuments.map((row) => `document ${row.id} still ${row.processing_state}`),
    ...unfinishedJobs.map((job) => `job ${job.id} still ${job.state}`),
    ...withoutJob.map((row) => `document ${row.id} has no job`),
  ]
  if (!drained) problems.unshift('the extraction queue did not drain within 180 s after the last restart')
  if (seedKill === null) problems.unshift('the kill while seeding came too late: the demo seed had finished')
  if (problems.length === 0) {
    process.stdout.write('\nPASS: every row has its file, no file without a row, every job finished\n')
    return 0
  }
  process.stdout.write(`\nFAIL: ${problems.length} problems\n${problems.slice(0, 50).join('\n')}${problems.length > 50 ? `\n… and ${problems.length - 50} more` : ''}\n`)
  return 1
}

process.exit(await main())
