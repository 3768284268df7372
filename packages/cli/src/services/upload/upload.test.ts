import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHash } from 'node:crypto'
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import busboy from 'busboy'
import type { UploadFileResult } from '@portal/sdk/services'
import { runPortal } from '../../main'
import { openSessionStore } from '../../config/session-store'
import { testDeps } from '../../test/memory-io'
import type { UploadReport } from './upload'

const sha = (text: string) => createHash('sha256').update(text).digest('hex')
const TOKEN = `h.${Buffer.from(JSON.stringify({ exp: 4_000_000_000 })).toString('base64url')}.s`

interface Received {
  name: string
  content: string
  query: string
  authorization: string | undefined
}

// A stand-in for the documents endpoint of issue 5, speaking the agreed HTTP shapes over a real socket.
async function startUploadServer(known: Map<string, number>) {
  const received: Received[] = []
  const attempts = new Map<string, number>()
  let nextId = 500
  const stored = new Map(known)
  const readFiles = (req: IncomingMessage) =>
    new Promise<{ name: string; content: string }[]>((resolve, reject) => {
      const files: { name: string; content: string }[] = []
      const parser = busboy({ headers: req.headers })
      parser.on('file', (field, stream, info) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => field === 'files' && files.push({ name: info.filename ?? '', content: Buffer.concat(chunks).toString() }))
      })
      parser.on('close', () => resolve(files))
      parser.on('error', reject)
      req.pipe(parser)
    })
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x')
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not authenticated' }))
      return
    }
    if (url.pathname === '/api/documents/hashes') {
      const asked = (url.searchParams.get('sha256') ?? '').split(',')
      const hits = asked.filter((hash) => stored.has(hash)).map((hash) => ({ sha256: hash, documentId: stored.get(hash) }))
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ existing: hits }))
      return
    }
    if (url.pathname === '/api/documents/upload' && req.method === 'POST') {
      const files = await readFiles(req)
      const file = files[0]
      const tries = (attempts.get(file.name) ?? 0) + 1
      attempts.set(file.name, tries)
      if (file.name === 'flaky.pdf' && tries === 1) {
        // The network drops the first attempt.
        req.socket.destroy()
        return
      }
      received.push({ ...file, query: url.search, authorization: req.headers.authorization })
      const hash = sha(file.content)
      let result: UploadFileResult
      if (file.name === 'odd.pdf') {
        // Not the SDK's contract (a status the CLI would have to guess at).
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [{ file: file.name, status: 'ok', id: 7 }] }))
        return
      }
      if (file.name.endsWith('.txt')) {
        const error = { key: 'documents:errors.unsupportedType', params: { file: file.name }, message: 'Not a PDF, image or e-invoice' }
        result = { file: file.name, status: 'refused', error }
      } else if (stored.has(hash)) {
        result = { file: file.name, status: 'exists', documentId: stored.get(hash), sha256: hash }
      } else {
        stored.set(hash, nextId)
        result = { file: file.name, status: 'uploaded', documentId: nextId++, sha256: hash }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [result] }))
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    attempts,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

describe('portal upload', () => {
  let server: Awaited<ReturnType<typeof startUploadServer>>
  let folder: string

  beforeEach(async () => {
    server = await startUploadServer(new Map([[sha('already on the server'), 42]]))
    folder = await mkdtemp(join(tmpdir(), 'portal-upload-'))
    await writeFile(join(folder, 'a.pdf'), 'invoice A')
    await writeFile(join(folder, 'copy-of-a.pdf'), 'invoice A')
    await writeFile(join(folder, 'flaky.pdf'), 'invoice F')
    await writeFile(join(folder, 'old.pdf'), 'already on the server')
    await writeFile(join(folder, 'notes.txt'), 'not a document')
    await writeFile(join(folder, '.DS_Store'), 'junk')
    await mkdir(join(folder, 'sub'))
    await writeFile(join(folder, 'sub', 'deep.pdf'), 'invoice D')
  })
  afterEach(async () => {
    await server.close()
    await rm(folder, { recursive: true, force: true })
  })

  async function upload(args: string[], lang = 'en', whileRunning?: (stop: () => void) => Promise<void>) {
    const test = testDeps({ LANG: lang, PORTAL_WATCH_INTERVAL_MS: '50' })
    openSessionStore(test.configDir).save(server.url, {
      idToken: TOKEN,
      accessToken: 'at',
      refreshToken: 'rt',
      expiresAt: 4_000_000_000_000,
      issuer: `${server.url}/realms/portal`,
    })
    const running = runPortal(['node', 'portal', 'upload', ...args, '--server', server.url], test.deps)
    await whileRunning?.(() => test.interrupt.abort())
    const code = await running
    return { code, stdout: test.stdout.text, stderr: test.stderr.text }
  }

  it('uploads a folder, skips what the company has, retries a dropped connection, and fails on a refusal', async () => {
    const { code, stdout } = await upload([folder, '--client', '1001', '--type', 'ar_u', '--json'])
    expect(code).toBe(1)
    const report = JSON.parse(stdout) as UploadReport
    expect(report).toMatchObject({ client: 1001, type: 'ar_u' })
    const byFile = Object.fromEntries(report.results.map((r) => [r.file.replace(`${folder}/`, ''), r]))
    expect(Object.keys(byFile).sort()).toEqual(['a.pdf', 'copy-of-a.pdf', 'flaky.pdf', 'notes.txt', 'old.pdf'])
    expect(byFile['a.pdf']).toMatchObject({ status: 'uploaded', documentId: expect.any(Number) })
    expect(byFile['copy-of-a.pdf']).toMatchObject({ status: 'exists' })
    expect(byFile['flaky.pdf']).toMatchObject({ status: 'uploaded' })
    expect(byFile['old.pdf']).toMatchObject({ status: 'skipped', documentId: 42 })
    expect(byFile['notes.txt']).toMatchObject({ status: 'refused', error: { key: 'documents:errors.unsupportedType' } })
    // Neither the duplicate nor the file the server had were sent; the flaky one took two attempts.
    expect(server.received.map((r) => r.name).sort()).toEqual(['a.pdf', 'flaky.pdf', 'notes.txt'])
    expect(server.attempts.get('flaky.pdf')).toBe(2)
    expect(server.received[0].query).toContain('client=1001')
    expect(server.received[0].query).toContain('type=ar_u')
  })

  it('goes into sub-folders with --recursive and resumes: a second run sends nothing again', async () => {
    const first = await upload([join(folder, 'sub'), join(folder, 'a.pdf'), '--client', '1001', '-r'])
    expect(first.code).toBe(0)
    expect(server.received.map((r) => r.name).sort()).toEqual(['a.pdf', 'deep.pdf'])
    const second = await upload([folder, '--client', '1001', '--recursive', '--lang', 'de'], 'de')
    expect(server.received.filter((r) => r.name === 'deep.pdf')).toHaveLength(1)
    expect(second.stdout).toMatch(/deep\.pdf\s+bereits hochgeladen \(übersprungen\)/)
    expect(second.stdout).toMatch(/notes\.txt\s+abgelehnt\s+Not a PDF, image or e-invoice/)
    expect(second.stderr).toContain('1 Dateien wurden nicht hochgeladen.')
    expect(second.code).toBe(1)
  })

  it('takes an answer outside the SDK’s upload contract as a failure instead of guessing what it means', async () => {
    await writeFile(join(folder, 'odd.pdf'), 'odd answer')
    const { code, stdout } = await upload([join(folder, 'odd.pdf'), '--client', '1001', '--json'])
    expect(code).toBe(1)
    expect(JSON.parse(stdout).results[0]).toMatchObject({ status: 'failed', error: { message: 'unexpected answer from /api/documents/upload' } })
  })

  it('sends nothing with --dry-run', async () => {
    const { code, stdout } = await upload([join(folder, 'a.pdf'), '--client', '1001', '--dry-run', '--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout).results[0]).toMatchObject({ status: 'planned' })
    expect(server.received).toHaveLength(0)
  })

  it('says a missing path does not exist', async () => {
    const { code, stderr } = await upload([join(folder, 'nope.pdf'), '--client', '1001'])
    expect(code).toBe(1)
    expect(stderr).toContain('nope.pdf does not exist.')
  })

  it('watches a drop folder with --watch, moving files to done/ or failed/ until interrupted', async () => {
    const inbox = join(folder, 'inbox')
    await mkdir(inbox)
    const { code, stderr } = await upload([inbox, '--client', '1001', '--watch'], 'en', async (stop) => {
      await writeFile(join(inbox, 'scan-1.pdf'), 'scan one')
      await writeFile(join(inbox, 'scan-2.txt'), 'not a scan')
      await expect.poll(() => readdir(join(inbox, 'done')).catch(() => []), { timeout: 5000 }).toEqual(['scan-1.pdf'])
      await expect.poll(() => readdir(join(inbox, 'failed')).catch(() => []), { timeout: 5000 }).toEqual(['scan-2.txt'])
      await writeFile(join(inbox, 'scan-3.pdf'), 'scan three')
      await expect.poll(() => readdir(join(inbox, 'done')), { timeout: 5000 }).toEqual(['scan-1.pdf', 'scan-3.pdf'])
      stop()
    })
    expect(code).toBe(2)
    expect(stderr).toContain('scan-1.pdf: uploaded')
    expect(stderr).toContain('scan-2.txt: refused')
    expect(server.received.map((r) => r.name).sort()).toEqual(['scan-1.pdf', 'scan-2.txt', 'scan-3.pdf'])
  })
})
