import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'
import { signIn } from '../support/tokens'
import { DEMO, DEMO_PASSWORD } from './services.support'

// What an outside probe found (issue 23, finding 2): hostile names, numbers and paths answered with stack traces,
// SQL or a 500. Every answer here must be a 4xx naming the field and the rule, and none may show internals.

/** What an answer must never contain: a stack frame, a file path of the server, SQL. */
function expectNoInternals(answer: unknown): void {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer)
  expect(text).not.toMatch(/"stack"|\bat .+:\d+:\d+|node_modules|\/work\/|packages\/server|\.ts:\d+/)
  expect(text).not.toMatch(/\bselect\b.+\bfrom\b|\binsert into\b|\brelation\b|\bquery\b.*\$\d/i)
}

interface Ack {
  error?: { name: string; code: number; message: string; data?: { key?: string; params?: Record<string, unknown> } } | null
  data?: unknown
}

/** Emits a raw socket.io message as a Feathers client would and waits for the acknowledgement (or says none came). */
function raw(socket: Socket, ...args: unknown[]): Promise<Ack | 'no answer'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('no answer'), 3000)
    socket.emit(args[0] as string, ...args.slice(1), (error: Ack['error'], data: unknown) => {
      clearTimeout(timer)
      resolve({ error, data })
    })
  })
}

async function rawSocket(url: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return socket
}

/** A GET with the path sent exactly as written (fetch would normalise `//` and `..`). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Runs `check` once with NODE_ENV=development and once with production: neither may show internals. */
async function inEveryEnvironment(check: (environment: string) => Promise<void>): Promise<void> {
  const previous = process.env.NODE_ENV
  try {
    for (const environment of ['development', 'production']) {
      process.env.NODE_ENV = environment
      await check(environment)
    }
  } finally {
    process.env.NODE_ENV = previous
  }
}

let server: TestServer
let webDir: string
let idToken: string

beforeAll(async () => {
  // A stand-in for the built portal: static files are served the same way whatever they contain.
  webDir = await mkdtemp(join(tmpdir(), 'portal-web-'))
  await mkdir(join(webDir, 'assets'))
  await writeFile(join(webDir, 'index.html'), '<!doctype html><html><head><script>window.x=1</script></head><body></body></html>')
  await writeFile(join(webDir, 'assets', 'app.js'), 'console.log(1)')
  server = await startTestServer({ env: { WEB_DIR: webDir } })
  idToken = (await signIn(server.url, DEMO.admin, DEMO_PASSWORD)).idToken
})
afterAll(async () => {
  await server?.close()
  if (webDir) await rm(webDir, { recursive: true, force: true })
})

describe('socket calls to names that are not services', () => {
  it('answers 404 naming the service for prototype names, without sign-in and without a stack', async () => {
    const socket = await rawSocket(server.url)
    try {
      await inEveryEnvironment(async (environment) => {
        for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'nope', 'config/__proto__']) {
          const answer = await raw(socket, 'find', name, {})
          expect(answer, `${name} (${environment})`).not.toBe('no answer')
          const { error } = answer as Ack
          expect(error, `${name} (${environment})`).toMatchObject({
            name: 'NotFound',
            code: 404,
            data: { key: 'errors:service.notFound', params: { path: name } },
          })
          expect(error?.message).toContain(name)
          expectNoInternals(error)
        }
        // A path that is no string at all.
        const { error } = (await raw(socket, 'get', { toString: 1 }, 1, {})) as Ack
        expect(error).toMatchObject({ name: 'NotFound', code: 404 })
        expectNoInternals(error)
      })
    } finally {
      socket.close()
    }
  })

  it('answers 405 for methods a service does not offer, known to Feathers or not', async () => {
    const socket = await rawSocket(server.url)
    try {
      for (const method of ['remove', 'frobnicate', 'setup', '__proto__', 'hooks']) {
        const answer = await raw(socket, method, 'config', {})
        expect(answer, method).not.toBe('no answer')
        expect((answer as Ack).error, method).toMatchObject({
          name: 'MethodNotAllowed',
          code: 405,
          data: { key: 'errors:service.methodNotAllowed', params: { method, path: 'config' } },
        })
        expectNoInternals((answer as Ack).error)
      }
      // The real methods still work.
      const version = (await raw(socket, 'find', 'version', {})) as Ack
      expect(version.error).toBeNull()
    } finally {
      socket.close()
    }
  })
})

describe('the authentication service', () => {
  it('answers odd sign-in and sign-out calls with 4xx, never a 500', async () => {
    const socket = await rawSocket(server.url)
    try {
      const calls: unknown[][] = [
        ['remove', 'authentication', 'some-token', {}],
        ['remove', 'authentication', null, {}],
        ['create', 'authentication', { strategy: '__proto__', accessToken: 'x' }, {}],
        ['create', 'authentication', { accessToken: 'x' }, {}],
        ['create', 'authentication', [1, 2], {}],
        ['create', 'authentication', null, {}],
        ['create', 'authentication', { strategy: 'jwt', accessToken: { a: 1 } }, {}],
        ['create', 'authentication', { strategy: 'jwt', accessToken: `${'a.'.repeat(50_000)}x` }, {}],
      ]
      for (const call of calls) {
        const { error } = (await raw(socket, ...call)) as Ack
        expect(error?.code, JSON.stringify(call).slice(0, 80)).toBeGreaterThanOrEqual(400)
        expect(error?.code, JSON.stringify(call).slice(0, 80)).toBeLessThan(500)
        expectNoInternals(error)
      }
    } finally {
      socket.close()
    }
  })
})

describe('numbers in queries are bounded', () => {
  const PAGED: [string, Record<string, unknown>][] = [
    ['users', {}],
    ['acc-suppliers', { client: 1002, acc: 'bmd', types: [3, 4] }],
    ['aggregator', { client_no: 1002, aggregated: true, type: 'ER_U', fullText: null }],
    ['editor-document', { is_processed_documents_accumulator: null }],
    ['documents', { client_no: 1002 }],
    ['document-search', { client_no: 1002, q: 'Rechnung' }],
  ]

  it('refuses huge, negative and fractional $skip and $limit on every paged find with a 400 naming the rule', async () => {
    const socket = await rawSocket(server.url)
    try {
      expect(((await raw(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: idToken }, {})) as Ack).error).toBeNull()
      for (const [path, base] of PAGED) {
        const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
          [{ $skip: 1e20 }, 'errors:query.maximum', { field: '$skip', limit: 2147483647 }],
          [{ $skip: 2147483648 }, 'errors:query.maximum', { field: '$skip' }],
          [{ $skip: -1 }, 'errors:query.minimum', { field: '$skip', limit: 0 }],
          [{ $skip: 1.5 }, 'errors:query.wrongType', { field: '$skip' }],
          [{ $skip: '1e20' }, 'errors:query.wrongType', { field: '$skip' }],
          [{ $limit: 1e20 }, 'errors:query.invalidLimit', { field: '$limit' }],
          [{ $limit: -5 }, 'errors:query.invalidLimit', { field: '$limit' }],
        ]
        for (const [extra, key, params] of cases) {
          const answer = (await raw(socket, 'find', path, { ...base, ...extra })) as Ack
          expect(answer.error, `${path} ${JSON.stringify(extra)}`).toMatchObject({ code: 400, data: { key, params } })
          expectNoInternals(answer.error)
        }
        // The largest allowed skip is a valid, empty page.
        const last = (await raw(socket, 'find', path, { ...base, $skip: 2147483647 })) as Ack
        expect(last.error, `${path} largest $skip`).toBeNull()
      }
    } finally {
      socket.close()
    }
  })

  it('refuses record numbers past the integer range in data', async () => {
    const socket = await rawSocket(server.url)
    try {
      await raw(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: idToken }, {})
      const answer = (await raw(socket, 'create', 'document-labels', { document_id: 1e20, field: 'iban', value: 'AT61' }, {})) as Ack
      expect(answer.error).toMatchObject({ code: 400, data: { key: 'errors:query.maximum', params: { field: 'document_id' } } })
      expectNoInternals(answer.error)
    } finally {
      socket.close()
    }
  })

  it('refuses a NUL character in a query, an id or data with a 400', async () => {
    const socket = await rawSocket(server.url)
    try {
      await raw(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: idToken }, {})
      const answers = [
        (await raw(socket, 'get', 'users', 'a\u0000b', {})) as Ack,
        (await raw(socket, 'find', 'document-search', { client_no: 1002, q: 'Rech\u0000nung' })) as Ack,
        (await raw(socket, 'create', 'document-labels', { document_id: 1, field: 'iban', value: 'AT\u0000' }, {})) as Ack,
      ]
      for (const answer of answers) {
        expect(answer.error).toMatchObject({ code: 400, data: { key: 'errors:query.invalidCharacter' } })
        expectNoInternals(answer.error)
      }
    } finally {
      socket.close()
    }
  })
})

describe('HTTP paths', () => {
  it('answers odd paths (doubled slashes, dot segments, NUL, bad escapes) with 4xx, not 500', async () => {
    const paths = ['//api/documents/1/file', '//api/x', '//x', '/../x', '/a/../../x', '/%2e%2e/x', '/assets/..%2f..%2fpackage.json', '/assets/%00x.js', '/%00', '/..%5c..%5cx', '/%E0%A4%A']
    await inEveryEnvironment(async (environment) => {
      for (const path of paths) {
        for (const accept of ['application/json', 'text/html']) {
          const answer = await rawGet(server.port, path, { accept })
          expect(answer.status, `${path} ${accept} (${environment})`).toBeGreaterThanOrEqual(400)
          expect(answer.status, `${path} ${accept} (${environment})`).toBeLessThan(500)
          expectNoInternals(answer.body)
          expect(answer.body).not.toMatch(/Malicious|failed to decode/i)
        }
      }
    })
    // The portal and its files are still served.
    expect((await rawGet(server.port, '/', { accept: 'text/html' })).status).toBe(200)
    expect((await rawGet(server.port, '/assets/app.js')).status).toBe(200)
    expect((await rawGet(server.port, '/some/client/route', { accept: 'text/html' })).status).toBe(200)
  })

  it('answers an unknown API path with a plain 404 that does not echo the path', async () => {
    const answer = await rawGet(server.port, '/api/nothing-here', { accept: 'application/json' })
    expect(answer.status).toBe(404)
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'NotFound', code: 404, data: { key: 'errors:type.NotFound' } })
  })
})

describe('unexpected errors', () => {
  // A table that disappears makes every query on it fail with SQL in the error: the answer must not show it.
  async function withoutTable(table: string, run: () => Promise<void>): Promise<void> {
    await server.knex.raw('alter table ?? rename to ??', [table, `${table}_away`])
    try {
      await run()
    } finally {
      await server.knex.raw('alter table ?? rename to ??', [`${table}_away`, table])
    }
  }

  it('answers a failing socket sign-in with a plain GeneralError, in development as in production', async () => {
    const socket = await rawSocket(server.url)
    try {
      // A token the session cache has not seen, so the server must ask the database.
      const fresh = (await signIn(server.url, DEMO.staff, DEMO_PASSWORD)).idToken
      await withoutTable('revoked_tokens', () =>
        inEveryEnvironment(async (environment) => {
          const answer = (await raw(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: fresh }, {})) as Ack
          expect(answer.error, environment).toMatchObject({ name: 'GeneralError', code: 500, data: { key: 'errors:type.GeneralError' } })
          expectNoInternals(answer.error)
        }),
      )
    } finally {
      socket.close()
    }
  })

  it('answers a failing service call with a plain GeneralError', async () => {
    const socket = await rawSocket(server.url)
    try {
      await raw(socket, 'create', 'authentication', { strategy: 'jwt', accessToken: idToken }, {})
      await withoutTable('accounts', () =>
        inEveryEnvironment(async (environment) => {
          const answer = (await raw(socket, 'find', 'acc-suppliers', { client: 1002, acc: 'bmd', types: [3] })) as Ack
          expect(answer.error, environment).toMatchObject({ name: 'GeneralError', code: 500, data: { key: 'errors:type.GeneralError' } })
          expectNoInternals(answer.error)
        }),
      )
    } finally {
      socket.close()
    }
  })

  it('answers a failing HTTP request with a plain GeneralError, without SQL', async () => {
    await withoutTable('documents', () =>
      inEveryEnvironment(async (environment) => {
        const response = await fetch(`${server.url}/api/documents/1/file`, { headers: { authorization: `Bearer ${idToken}` } })
        const body = await response.text()
        expect(response.status, environment).toBe(500)
        expect(JSON.parse(body)).toMatchObject({ name: 'GeneralError', code: 500, data: { key: 'errors:type.GeneralError' } })
        expectNoInternals(body)
      }),
    )
  })
})

describe('identity provider errors', () => {
  it('answers malformed requests with 4xx pages that show no internals', async () => {
    const base = `${server.url}/realms/portal/protocol/openid-connect`
    const answers = [
      await fetch(`${base}/auth?client_id=%00&response_type=code`, { headers: { accept: 'text/html' } }),
      await fetch(`${base}/auth?client_id=portal-web&redirect_uri=%00`, { headers: { accept: 'text/html' } }),
      await fetch(`${base}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=refresh_token&client_id=portal-cli&refresh_token=%00' }),
      await fetch(`${base}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken' }),
      await fetch(`${base}/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=%00&client_id=portal-cli' }),
      await fetch(`${server.url}/realms/portal/device?user_code=%00`, { headers: { accept: 'text/html' } }),
    ]
    for (const answer of answers) {
      const body = await answer.text()
      expect(answer.status, `${answer.url} ${body.slice(0, 200)}`).toBeLessThan(500)
      expectNoInternals(body)
    }
  })
})
