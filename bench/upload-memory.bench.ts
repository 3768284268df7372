import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { UploadResponse } from '../packages/sdk/src/services/index'
import { freePort } from '../tests/support/server'
import { signIn } from '../tests/support/tokens'
import { connect, spawnServer } from './server-process'
import type { BenchRow } from './table'

const MB = 1024 * 1024
const CHUNK = MB

/** One part of a streamed multipart body: a file of `size` bytes made of `head`, filler and `tail`. */
interface StreamedFile {
  name: string
  head: Buffer
  fillerBytes: number
  fill: number
  tail: Buffer
}

/**
 * A valid one-page PDF of exactly `size` bytes whose bulk is an unreferenced stream of the byte `fill`,
 * built around the filler so it can be streamed without ever being held (a different `fill` per file
 * keeps every file distinct, so none is refused as already there).
 */
function bigPdf(name: string, size: number, fill: number): StreamedFile {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ]
  let head = '%PDF-1.7\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(head.length)
    head += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  offsets.push(head.length)
  // The xref and trailer follow the filler; their length is fixed, so the filler length is known up front.
  const tailFor = (fillerBytes: number, streamStart: number) => {
    const afterStream = streamStart + fillerBytes
    const streamEnd = '\nendstream\nendobj\n'
    const xrefAt = afterStream + streamEnd.length
    const entries = [...offsets].map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
    return `${streamEnd}xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${String(xrefAt).padStart(10, '0')}\n%%EOF\n`
  }
  const streamHeadFor = (fillerBytes: number) => `4 0 obj\n<< /Length ${String(fillerBytes).padStart(10, '0')} >>\nstream\n`
  const fixed = head.length + streamHeadFor(0).length + tailFor(0, 0).length
  const fillerBytes = size - fixed
  const fullHead = head + streamHeadFor(fillerBytes)
  return { name, head: Buffer.from(fullHead, 'latin1'), fillerBytes, fill, tail: Buffer.from(tailFor(fillerBytes, fullHead.length), 'latin1') }
}

/** Streams one multipart upload request of the given files with backpressure; answers status and body. */
function streamUpload(url: string, token: string, companyNo: number, files: StreamedFile[]): Promise<{ status: number; body: string }> {
  const boundary = `bench-${Math.random().toString(16).slice(2)}`
  return new Promise((resolve, reject) => {
    const outgoing = request(`${url}/api/documents/upload?client=${companyNo}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    })
    outgoing.on('error', reject)
    outgoing.on('response', (incoming) => {
      let body = ''
      incoming.on('data', (chunk: Buffer) => (body += chunk.toString()))
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }))
    })
    const write = (chunk: Buffer) => (outgoing.write(chunk) ? Promise.resolve() : new Promise<void>((drained) => outgoing.once('drain', drained)))
    void (async () => {
      for (const file of files) {
        await write(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`))
        await write(file.head)
        const block = Buffer.alloc(CHUNK, file.fill)
        for (let left = file.fillerBytes; left > 0; left -= CHUNK) await write(left >= CHUNK ? block : block.subarray(0, left))
        await write(file.tail)
        await write(Buffer.from('\r\n'))
      }
      outgoing.end(`--${boundary}--\r\n`)
    })().catch(reject)
  })
}

/** Resident memory of a process in MB: now (VmRSS) and its peak since the last reset (VmHWM). */
async function memory(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** Measures the peak RSS above idle while `work` runs: resets the kernel's high-water mark, also samples. */
async function peakAboveIdle(pid: number, work: () => Promise<void>): Promise<number> {
  const idle = (await memory(pid)).rss
  // Writing 5 to clear_refs resets VmHWM (Linux ≥ 4.0), so the peak is this work's, not start-up's.
  const reset = await writeFile(`/proc/${pid}/clear_refs`, '5').then(() => true, () => false)
  let sampled = idle
  const timer = setInterval(() => void memory(pid).then((m) => (sampled = Math.max(sampled, m.rss)), () => undefined), 20)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  const peak = reset ? Math.max(sampled, (await memory(pid)).peak) : sampled
  return peak - idle
}

/** A fresh server process (extraction off: the figure is the upload door's own; extraction memory is bounded by WORKER_CONCURRENCY) with a signed-in admin, warmed up. */
async function withServer<T>(work: (props: { pid: number; url: string; token: string; companyNo: number }) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-upload-'))
  const server = await spawnServer(dataDir, await freePort(), { WORKER_CONCURRENCY: '0', MAX_UPLOAD_MB: '50' })
  try {
    const token = (await signIn(server.url, 'admin@demo.portal', 'portal-demo')).idToken
    const client = await connect(server.url, token)
    const companyNo = (await client.service('accounting-client').find())[0].company_no
    client.close()
    // Warm up: the PDF engine loads on first use, which is not what is measured.
    await streamUpload(server.url, token, companyNo, [bigPdf('warm-up.pdf', MB, 0xff)])
    await new Promise((resolve) => setTimeout(resolve, 500))
    return await work({ pid: server.child.pid!, url: server.url, token, companyNo })
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Upload memory of issue 23: memory follows the limit, not the request (each case on its own server process). */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  await withServer(async ({ pid, url, token, companyNo }) => {
    const started = performance.now()
    const parallel = await peakAboveIdle(pid, async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) => streamUpload(url, token, companyNo, [bigPdf(`bench-50mb-${n}.pdf`, 50 * MB - 4096, 0x20 + n)])),
      )
      for (const answer of answers) {
        const results = (JSON.parse(answer.body) as Partial<UploadResponse>).results ?? []
        if (results[0]?.status !== 'uploaded') throw new Error(`a 50 MB upload was not taken in: ${answer.status} ${answer.body.slice(0, 300)}`)
      }
    })
    const seconds = (performance.now() - started) / 1000
    rows.push({ group: 'upload', metric: 'peak server RSS above idle, 10 parallel 50 MB PDF uploads (extraction off)', value: Math.round(parallel), unit: 'MB', target: '< 300', ok: parallel < 300 })
    rows.push({ group: 'upload', metric: '10 parallel 50 MB PDF uploads, all stored, wall time', value: seconds, unit: 's' })
  })
  // The outside probe's request: many parts over the limit in one body, each refused.
  await withServer(async ({ pid, url, token, companyNo }) => {
    const oversize = await peakAboveIdle(pid, async () => {
      const answer = await streamUpload(url, token, companyNo, Array.from({ length: 9 }, (_, n) => bigPdf(`too-big-${n}.pdf`, 51 * MB, 0x60 + n)))
      const results = (JSON.parse(answer.body) as Partial<UploadResponse>).results ?? []
      if (results.length !== 9 || results.some((r) => r.error?.key !== 'documents:refusal.tooLarge')) throw new Error(`oversize parts not refused: ${answer.status} ${answer.body.slice(0, 300)}`)
    })
    rows.push({ group: 'upload', metric: 'peak server RSS above idle, 1 request of 9 parts × 51 MB (all refused)', value: Math.round(oversize), unit: 'MB', target: '< 100', ok: oversize < 100 })
  })
  return rows
}
