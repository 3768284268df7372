import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scannerHttpPaths, type DocumentRecord, type UploadResponse } from '../packages/sdk/src/services/index'
import { freePort } from '../tests/support/server'
import { signIn } from '../tests/support/tokens'
import { onePageInvoice } from './documents.bench'
import { connect, spawnServer } from './server-process'
import { percentile, type BenchRow } from './table'

/** Documents a scanning station delivers in one run. */
const DOCUMENTS = 100
/** Uploads on the way at once, as a scanning PC's watch folder sends them (`portal upload --concurrency`). */
const CONCURRENCY = 4

/**
 * Scanner intake (issue 14): 100 one-page PDFs delivered through the scanner upload door with a scanner token, one
 * file per request, four at a time. Reports how many documents per second are taken in (the door's answers) and
 * become ready (read by extraction), and the time from sending a file to its document being ready (p50, p95).
 */
export async function run(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-intake-'))
  const server = await spawnServer(dataDir, await freePort())
  try {
    const admin = await connect(server.url, (await signIn(server.url, 'admin@demo.portal', 'portal-demo')).idToken)
    const { scanner, token } = await admin.service('scanner-registrations').create({ location: 'Bench', company_no: 1003 })
    const files = await Promise.all(Array.from({ length: DOCUMENTS }, async (_, n) => ({ name: `scan-${n}.pdf`, bytes: await onePageInvoice(10_000 + n) })))
    const sentAt = new Map<string, number>()
    const readyAt = new Map<string, number>()
    const allReady = new Promise<void>((resolve) => {
      const handler = (record: DocumentRecord) => {
        if (record.processing_state !== 'done' || !sentAt.has(record.file_name ?? '') || readyAt.has(record.file_name ?? '')) return
        readyAt.set(record.file_name!, performance.now())
        if (readyAt.size === DOCUMENTS) {
          admin.service('documents').removeListener('patched', handler)
          resolve()
        }
      }
      admin.service('documents').on('patched', handler)
    })
    const started = performance.now()
    let next = 0
    const send = async () => {
      while (next < files.length) {
        const file = files[next++]
        const form = new FormData()
        form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name)
        sentAt.set(file.name, performance.now())
        const response = await fetch(`${server.url}${scannerHttpPaths.upload}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })
        const body = (await response.json()) as UploadResponse
        if (body.results?.[0]?.status !== 'uploaded') throw new Error(`scanner upload failed: ${JSON.stringify(body)}`)
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, send))
    const accepted = performance.now()
    await allReady
    const finished = performance.now()
    const latencies = files.map((file) => readyAt.get(file.name)! - sentAt.get(file.name)!)
    const [seen] = (await admin.service('scanners').find({ query: { client: 1003 } })).filter((entry) => entry.id === scanner.id)
    admin.close()
    const perSecond = DOCUMENTS / ((finished - started) / 1000)
    return [
      { group: 'intake', metric: `scanner API, ${DOCUMENTS} one-page PDFs (${CONCURRENCY} at once): taken in per second`, value: DOCUMENTS / ((accepted - started) / 1000), unit: 'docs/s' },
      { group: 'intake', metric: `scanner API, ${DOCUMENTS} one-page PDFs: ready (read) per second`, value: perSecond, unit: 'docs/s', target: '>= 2', ok: perSecond >= 2 },
      { group: 'intake', metric: 'scanner API, upload to ready, p50', value: percentile(latencies, 50), unit: 'ms' },
      { group: 'intake', metric: 'scanner API, upload to ready, p95', value: percentile(latencies, 95), unit: 'ms' },
      { group: 'intake', metric: "scanner's count of documents today after the run", value: seen?.documents_today ?? 0, unit: 'docs', target: String(DOCUMENTS), ok: seen?.documents_today === DOCUMENTS },
    ]
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
