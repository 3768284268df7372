import { createReadStream } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { Value } from '@sinclair/typebox/value'
import type { UploadType } from '@portal/sdk/domain'
import { documentHashesResponseSchema, documentHttpPaths, scannerHttpPaths, uploadResponseSchema, type UploadFileResult } from '@portal/sdk/services'
import type { LocalFile } from './collect-files'

/** Where and as whom to upload. */
export interface UploadTarget {
  server: string
  /** Bearer token: the identity token. */
  token: string
  client: number
  type: UploadType
  /** Deliver as a scanner: `token` is its scanner token and the scanner door names the company (issue 14). */
  scanner?: boolean
}

/** An HTTP answer that is not 2xx: the status, and the server's message when it sent one. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    message: string,
    /** i18n key and parameters the server sent in the error's data, if any. */
    readonly key?: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

async function failure(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => '')
  try {
    const body = JSON.parse(text) as { message?: unknown; data?: { key?: unknown; params?: Record<string, unknown> } }
    const key = typeof body.data?.key === 'string' ? body.data.key : undefined
    if (typeof body.message === 'string') return new HttpError(response.status, body.message, key, body.data?.params)
  } catch {
    // not JSON: the text is the message
  }
  return new HttpError(response.status, text || response.statusText)
}

/** Documents of the company that already have one of these hashes: sha256 → document id (or null if unknown). */
export async function findExisting(target: UploadTarget, hashes: string[]): Promise<Map<string, number | null>> {
  const known = new Map<string, number | null>()
  // A scanner token opens only the scanner door: the server answers a repeat as 'exists' instead.
  if (target.scanner) return known
  // Batches keep the URL short enough for every proxy.
  for (let start = 0; start < hashes.length; start += 50) {
    const url = new URL(`${target.server}${documentHttpPaths.hashes}`)
    url.searchParams.set('client', String(target.client))
    url.searchParams.set('sha256', hashes.slice(start, start + 50).join(','))
    const response = await fetch(url, { headers: { authorization: `Bearer ${target.token}`, accept: 'application/json' } })
    if (!response.ok) throw await failure(response)
    const body: unknown = await response.json().catch(() => undefined)
    if (!Value.Check(documentHashesResponseSchema, body)) throw badAnswer(response.status, documentHttpPaths.hashes)
    for (const { sha256, documentId } of body.existing) known.set(sha256, documentId ?? null)
  }
  return known
}

/** An answer that is not the SDK's contract for the endpoint: a server of another version, or a proxy's page. */
function badAnswer(status: number, path: string): HttpError {
  return new HttpError(status, `unexpected answer from ${path}`, 'cli:upload.badAnswer', { path })
}

/** The one result of a one-file upload, when the text is the upload answer of the SDK's contract. */
function uploadResult(text: string): UploadFileResult | undefined {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return undefined
  }
  return Value.Check(uploadResponseSchema, body) ? body.results[0] : undefined
}

function quote(name: string): string {
  return name.replace(/[\r\n"\\]/g, (char) => encodeURIComponent(char))
}

/** Sends one file as multipart field `files`; onBytes is told how many bytes of it have left so far. */
export async function sendFile(
  target: UploadTarget,
  file: LocalFile,
  name: string,
  onBytes: (sent: number) => void,
  signal?: AbortSignal,
): Promise<UploadFileResult> {
  const boundary = `portal-${randomBytes(12).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${quote(name)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  async function* body() {
    yield head
    let sent = 0
    for await (const chunk of createReadStream(file.path, { highWaterMark: 256 * 1024 })) {
      sent += (chunk as Buffer).length
      onBytes(sent)
      yield chunk as Buffer
    }
    yield tail
  }
  const url = new URL(`${target.server}${target.scanner ? scannerHttpPaths.upload : documentHttpPaths.upload}`)
  if (!target.scanner) url.searchParams.set('client', String(target.client))
  url.searchParams.set('type', target.type)
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${target.token}`,
      accept: 'application/json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + file.size + tail.length),
    },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>,
    duplex: 'half',
    signal,
  } as RequestInit & { duplex: 'half' })
  // Refusals may come with a 4xx status and still carry the per-file result: prefer the result.
  const text = await response.text()
  const result = uploadResult(text)
  if (result && response.status !== 401) return result
  if (!response.ok) throw await failure(new Response(text, { status: response.status, statusText: response.statusText }))
  throw badAnswer(response.status, documentHttpPaths.upload)
}
