/** A minimal cookie jar: enough for the provider's session and interaction cookies (names are unique there). */
export class CookieJar {
  private readonly cookies = new Map<string, string>()

  /** Takes the Set-Cookie headers of a response; expired or emptied cookies are dropped. */
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const expired = attributes.some((a) => {
        const [key, val] = a.split('=')
        const k = key.trim().toLowerCase()
        if (k === 'max-age') return Number(val) <= 0
        if (k === 'expires') return new Date(val).getTime() < Date.now()
        return false
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** Whether a cookie is held. */
  has(name: string): boolean {
    return this.cookies.has(name)
  }
}

/** One HTTP exchange without following redirects, sharing the jar. */
export async function request(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers }
  const cookie = [headers.cookie, jar.header()].filter(Boolean).join('; ')
  if (cookie) headers.cookie = cookie
  let body: string | undefined
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(init.form).toString()
  }
  const response = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' })
  jar.store(response)
  return response
}

/** A parsed HTML form: where it posts and the fields it carries. */
export interface ParsedForm {
  action: string
  method: string
  fields: Record<string, string>
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag)
  if (!match) return undefined
  return decodeEntities(match[2] ?? match[3] ?? '')
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** The first form of a page with its named inputs (hidden values included), resolved against `base`. */
export function parseForm(html: string, base: string): ParsedForm | undefined {
  const open = /<form\b[^>]*>/i.exec(html)
  if (!open) return undefined
  const end = html.indexOf('</form>', open.index)
  const inner = html.slice(open.index, end === -1 ? undefined : end)
  const fields: Record<string, string> = {}
  for (const tag of inner.match(/<input\b[^>]*>/gi) ?? []) {
    const name = attribute(tag, 'name')
    if (name) fields[name] = attribute(tag, 'value') ?? ''
  }
  return {
    action: new URL(attribute(open[0], 'action') ?? base, base).toString(),
    method: (attribute(open[0], 'method') ?? 'GET').toUpperCase(),
    fields,
  }
}

/** Visible text of a page, for assertions on what a user would read. */
export function pageText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
}

/** One part of a hand-built multipart body; a part without `filename` is a plain form field. */
export interface MultipartPart {
  field?: string
  filename?: string
  bytes: Uint8Array
  contentType?: string
  /** The whole Content-Disposition value, sent as is (e.g. with an RFC 5987 `filename*`). */
  disposition?: string
}

/**
 * A multipart/form-data body built by hand, with file names as raw UTF-8 bytes (as browsers and the CLI
 * send them) and nothing escaped, for bodies FormData cannot make (control characters, broken framing).
 */
export function multipartBody(parts: MultipartPart[], boundary = `test-${Math.random().toString(16).slice(2)}`): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const name = part.field ?? 'files'
    const disposition = part.disposition ?? (part.filename === undefined ? `form-data; name="${name}"` : `form-data; name="${name}"; filename="${part.filename}"`)
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`, 'utf8'))
    chunks.push(Buffer.from(part.bytes))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Posts a raw body to the upload endpoint with a bearer token; `body` may be a stream for bodies too big to hold. */
export async function postUpload(
  url: string,
  token: string,
  query: Record<string, string>,
  body: Buffer | AsyncIterable<Uint8Array>,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const init: RequestInit & { duplex?: 'half' } = {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, ...headers },
  }
  if (Buffer.isBuffer(body)) init.body = new Uint8Array(body)
  else {
    const { Readable } = await import('node:stream')
    init.body = Readable.toWeb(Readable.from(body)) as ReadableStream<Uint8Array>
    init.duplex = 'half'
  }
  return fetch(`${url}/api/documents/upload?${new URLSearchParams(query)}`, init)
}

/** Whether an error answer's text shows internals: SQL, a stack frame or a file path. */
export function showsInternals(text: string): boolean {
  return /\bselect\b|\binsert\b|\bwhere\b|out of range|\bat [\w.<>]+ \(|node:internal|\/(?:work|home|tmp|usr|packages)\/|\.ts:\d+|\.m?js:\d+/i.test(text)
}
