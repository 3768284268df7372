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
