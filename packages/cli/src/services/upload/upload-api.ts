import { createReadStream } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { documentHttpPaths, type UploadFileResult, type UploadResponse } from '@portal/sdk/services'
import type { LocalFile } from './collect-files'

/** Where and as whom to upload. */
export interface UploadTarget {
  server: string
  /** Bearer token: the identity token. */
  token: string
  client: number
  type: string
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
  // Batches keep the URL short enough for every proxy.
  for (let start = 0; start < hashes.length; start += 50) {
    const url = new URL(`${target.server}${documentHttpPaths.hashes}`)
    url.searchParams.set('client', String(target.client))
    url.searchParams.set('sha256', hashes.slice(start, start + 50).join(','))
    const response = await fetch(url, { headers: { authorization: `Bearer ${target.token}`, accept: 'application/json' } })
    if (!response.ok) throw await failure(response)
    for (const [hash, id] of parseKnown(await response.json())) known.set(hash, id)
  }
  return known
}

/** Reads {existing: [{sha256, documentId}]}; plain hash lists and the keys known/hashes are accepted too. */
function parseKnown(body: unknown): [string, number | null][] {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null
      ? ((body as Record<string, unknown>).known ??
        (body as Record<string, unknown>).existing ??
        (body as Record<string, unknown>).hashes)
      : undefined
  if (!Array.isArray(list)) return []
  return list.flatMap((item): [string, number | null][] => {
    if (typeof item === 'string') return [[item.toLowerCase(), null]]
    if (typeof item === 'object' && item !== null && typeof (item as { sha256?: unknown }).sha256 === 'string') {
      const { sha256, documentId } = item as { sha256: string; documentId?: unknown }
      return [[sha256.toLowerCase(), typeof documentId === 'number' ? documentId : null]]
    }
    return []
  })
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
  const url = new URL(`${target.server}${documentHttpPaths.upload}`)
  url.searchParams.set('client', String(target.client))
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
  let result: UploadFileResult | undefined
  try {
    result = (JSON.parse(text) as Partial<UploadResponse>).results?.[0]
  } catch {
    result = undefined
  }
  if (result && response.status !== 401) return result
  if (!response.ok) throw await failure(new Response(text, { status: response.status, statusText: response.statusText }))
  throw new HttpError(response.status, 'no result in the answer')
}
