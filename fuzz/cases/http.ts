import { connect } from 'node:net'
import type { Answer } from '../answers'
import type { FuzzCase, FuzzContext } from '../case'
import type { Rng } from '../random'
import { GZIP_BOMB_SIZES, gzipBomb } from './bombs'

const CATEGORY = 'raw HTTP'

/** One raw request: written to the socket byte for byte, so nothing normalises the path or the headers. */
interface RawRequest {
  method?: string
  target: string
  version?: string
  headers?: string[]
  body?: Buffer
  /** Leave out the Host header. */
  noHost?: boolean
}

/** Writes a raw request to the server and reads until it closes the connection; status 0 when no status line came. */
async function sendRaw(context: FuzzContext, request: RawRequest, signal: AbortSignal): Promise<Answer> {
  const { hostname, port } = new URL(context.url)
  const body = request.body ?? Buffer.alloc(0)
  const lines = [
    `${request.method ?? 'GET'} ${request.target}${request.version === '' ? '' : ` ${request.version ?? 'HTTP/1.1'}`}`,
    ...(request.noHost ? [] : [`Host: ${hostname}:${port}`]),
    'Connection: close',
    ...(request.headers ?? []),
  ]
  if (body.length > 0 && !(request.headers ?? []).some((h) => /^(content-length|transfer-encoding):/i.test(h))) lines.push(`Content-Length: ${body.length}`)
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1')
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    const chunks: Buffer[] = []
    let size = 0
    const onAbort = () => {
      socket.destroy()
      reject(new Error('aborted'))
    }
    signal.addEventListener('abort', onAbort, { once: true })
    socket.on('data', (chunk: Buffer) => {
      // The head and the start of the body are enough to judge; keep memory flat on big answers.
      if (size < 200_000) chunks.push(chunk)
      size += chunk.length
    })
    socket.on('error', () => undefined)
    socket.on('close', () => {
      signal.removeEventListener('abort', onAbort)
      const text = Buffer.concat(chunks).toString('utf8')
      const status = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(text)
      resolve({ status: status ? Number(status[1]) : 0, body: text.slice(0, 20_000) })
    })
    socket.write(Buffer.concat([head, body]))
  })
}

function documentPaths(rng: Rng): string {
  return rng.pick([
    '//api/documents/upload',
    '//api/documents/1/file',
    '///api//documents//hashes',
    '/../x',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/assets/../../package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/..%5c..%5cpackage.json',
    '/api/documents/%00/file',
    '/%00',
    '/index.html%00.pdf',
    '/api/documents/9999999999/file',
    '/api/documents/2147483648/file',
    '/api/documents/0/file',
    '/api/documents/-1/file',
    '/api/documents/1e3/file',
    '/api/documents/1/pages/0',
    '/api/documents/1/pages/999999',
    '/api/documents/2147483648/pages/1',
    '/api/documents/9999999999/pages/999999',
    `/api/documents/hashes?client=1&sha256=${Array.from({ length: 2000 }, () => 'a'.repeat(64)).join(',')}`,
    '/api/documents/hashes?client=1e20',
    '/api/documents/hashes?client=1&sha256[]=x&sha256[__proto__]=y',
    '/api/documents/upload',
    '/API/DOCUMENTS/UPLOAD',
    '/api/documents/upload/',
    '/api/documents/upload;x=1',
    '/.env',
    '/.git/config',
    '/package.json',
    '/node_modules/',
    '/data/pgdata/PG_VERSION',
    '/socket.io/',
    '/socket.io/?EIO=4&transport=polling',
    '/socket.io/?EIO=4&transport=polling&sid=__proto__',
    '/realms/portal/.well-known/openid-configuration',
    '/realms/portal/.well-known/openid-configuration%00',
    '/realms/portal/auth?client_id=__proto__&response_type=code',
    `/realms/portal/auth?client_id=portal-web&redirect_uri=${encodeURIComponent('http://evil.example/')}&response_type=code&scope=openid`,
    '/realms/portal/auth?client_id=portal-web&response_type=code&scope=openid&code_challenge=x&code_challenge_method=plain&claims=%7B%22__proto__%22%3A1%7D',
    '/realms/portal/jwks',
    '/realms/portal/interaction/xyz',
    '/realms/portal/interaction/%00',
    `/realms/portal/interaction/${'a'.repeat(3000)}`,
    '/realms/portal/device?user_code=__proto__',
    '/realms/portal/session/end?post_logout_redirect_uri=http://evil.example/',
    '/realms/portal/me',
    '/realms/portal/reg',
    '/realms/%2e%2e/portal/jwks',
    '/realms/portal/../../x',
    `/?${'a=1&'.repeat(3000)}`,
    '/?__proto__[x]=1&constructor[prototype][y]=2',
    `/${'a'.repeat(rng.int(100, 15_000))}`,
    '/\u00e4\u00f6\u00fc',
    '/%ff%fe%fd',
    '/%',
    '/%zz',
    '/a b',
    '*',
    'http://evil.example/',
    'x',
    '',
  ])
}

/** Raw HTTP requests: odd paths, methods, versions, headers and bodies. */
function rawRequest(rng: Rng, context: FuzzContext): { name: string; request: RawRequest } {
  const token = context.adminToken
  const kind = rng.int(0, 9)
  if (kind <= 2) {
    const target = documentPaths(rng)
    const auth = rng.chance(0.5) ? [`Authorization: Bearer ${token}`] : []
    return { name: `GET ${target.slice(0, 60)}${auth.length ? ' (signed in)' : ''}`, request: { target, headers: auth } }
  }
  if (kind === 3) {
    const method = rng.pick(['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'CONNECT', 'PROPFIND', 'FOO', 'G ET', 'get', 'GET\u0000', 'M-SEARCH', 'BREW', 'PRI', '', 'POST'])
    const target = rng.pick(['/', '/api/documents/upload', '/api/documents/1/file', '/realms/portal/token', '/socket.io/', '/index.html', '/x'])
    return { name: `${JSON.stringify(method)} ${target}`, request: { method, target, body: rng.chance(0.3) ? rng.bytes(rng.int(1, 500)) : undefined } }
  }
  if (kind === 4) {
    const version = rng.pick(['HTTP/1.0', '', 'HTTP/2.0', 'HTTP/9.9', 'HTTPS/1.1', 'HTTP/1.1 extra', 'http/1.1', 'HTTP/1.01'])
    return { name: `version ${JSON.stringify(version)}`, request: { target: '/', version } }
  }
  if (kind === 5) {
    const header = rng.pick([
      () => ({ name: '20 KB header', headers: [`X-Big: ${'a'.repeat(20_000)}`] }),
      () => ({ name: '600 headers', headers: Array.from({ length: 600 }, (_, i) => `X-H${i}: ${i}`) }),
      () => ({ name: 'header with NUL', headers: ['X-Nul: a\u0000b'] }),
      () => ({ name: 'header without a colon', headers: ['NoColonHere'] }),
      () => ({ name: 'header line folding', headers: ['X-Folded: a', ' b'] }),
      () => ({ name: 'odd Accept-Language', headers: [`Accept-Language: ${rng.pick(['de;q=__proto__', '*'.repeat(8000), '__proto__', 'constructor', 'xx-YY;q=2, de;q=-1', ';;;,,,', 'de-AT-u-ca-islamic-x-\u00e4'])}`] }),
      () => ({ name: 'garbage cookies', headers: [`Cookie: ${rng.pick(['_session=x; _session.sig=y', '__proto__=1', `a=${'b'.repeat(8000)}`, '=;=;=', '_interaction=%00; _interaction.sig=%00'])}`] }),
      () => ({ name: 'odd X-Forwarded-For', headers: [`X-Forwarded-For: ${rng.pick(['__proto__', '999.999.999.999', 'a'.repeat(3000), '::ffff:127.0.0.1, , ,'])}`] }),
      () => ({ name: 'odd Range', headers: [`Authorization: Bearer ${token}`, `Range: ${rng.pick(['bytes=99999999999-', 'bytes=-0', 'bytes=5-1', 'bytes=0-0,0-0,0-0,0-0,0-0,0-0,0-0,0-0', 'lines=1-2'])}`] }),
      () => ({ name: 'no Host', headers: [], noHost: true }),
      () => ({ name: 'two Host headers', headers: ['Host: evil.example'] }),
    ])()
    const target = rng.pick(['/', '/index.html', '/api/documents/1/file', '/realms/portal/.well-known/openid-configuration', '/socket.io/?EIO=4&transport=websocket'])
    return { name: `${header.name} on ${target}`, request: { target, headers: header.headers, noHost: 'noHost' in header } }
  }
  if (kind === 6) {
    const body = rng.pick([
      () => ({ name: 'broken JSON', type: 'application/json', data: Buffer.from('{"a":') }),
      () => ({ name: 'JSON over the size limit', type: 'application/json', data: Buffer.from(`{"a":"${'x'.repeat(1_200_000)}"}`) }),
      () => ({ name: 'deeply nested JSON', type: 'application/json', data: Buffer.from('['.repeat(200_000) + ']'.repeat(200_000)) }),
      () => ({ name: 'JSON with prototype keys', type: 'application/json', data: Buffer.from('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}') }),
      () => ({ name: 'broken form body', type: 'application/x-www-form-urlencoded', data: Buffer.from('%%%&&&==&a[__proto__][b]=1&' + 'x=1&'.repeat(5000)) }),
      () => ({ name: 'JSON in UTF-16', type: 'application/json; charset=utf-16', data: Buffer.from('{"a":1}', 'utf16le') }),
      () => ({ name: 'JSON with an unknown charset', type: 'application/json; charset=x-klingon', data: Buffer.from('{"a":1}') }),
      () => ({ name: 'text over the size limit', type: 'text/plain', data: Buffer.alloc(3_000_000, 0x61) }),
    ])()
    const target = rng.pick(['/', '/api/documents/upload', '/realms/portal/token', '/api/x', '/index.html'])
    return { name: `${body.name} to ${target}`, request: { method: 'POST', target, headers: [`Content-Type: ${body.type}`], body: body.data } }
  }
  if (kind === 7) {
    const size = rng.pick(GZIP_BOMB_SIZES)
    return {
      name: `gzip bomb body (${size} MB)`,
      request: { method: 'POST', target: rng.pick(['/', '/realms/portal/token', '/api/documents/upload']), headers: ['Content-Type: application/json', 'Content-Encoding: gzip'], body: gzipBomb(size) },
    }
  }
  if (kind === 8) {
    const framing = rng.pick([
      () => ({ name: 'bad chunk size', headers: ['Transfer-Encoding: chunked'], body: Buffer.from('zz\r\nabc\r\n0\r\n\r\n') }),
      () => ({ name: 'chunked and Content-Length', headers: ['Transfer-Encoding: chunked', 'Content-Length: 3'], body: Buffer.from('3\r\nabc\r\n0\r\n\r\n') }),
      () => ({ name: 'two Content-Lengths', headers: ['Content-Length: 3', 'Content-Length: 4'], body: Buffer.from('abcd') }),
      () => ({ name: 'negative Content-Length', headers: ['Content-Length: -1'], body: Buffer.from('a') }),
      () => ({ name: 'huge Content-Length', headers: ['Content-Length: 99999999999999999999'], body: Buffer.from('a') }),
      () => ({ name: 'unknown transfer coding', headers: ['Transfer-Encoding: gzip, chunked, x-fuzz'], body: Buffer.from('0\r\n\r\n') }),
      () => ({ name: 'chunk extension garbage', headers: ['Transfer-Encoding: chunked'], body: Buffer.from(`3;${'x'.repeat(20_000)}\r\nabc\r\n0\r\n\r\n`) }),
    ])()
    return { name: framing.name, request: { method: 'POST', target: rng.pick(['/', '/api/documents/upload', '/realms/portal/token']), headers: framing.headers, body: framing.body } }
  }
  const form = rng.pick([
    'grant_type=__proto__',
    'grant_type=authorization_code&code=x&client_id=portal-web&redirect_uri=http://evil.example/',
    'grant_type=refresh_token&refresh_token=' + 'a'.repeat(5000) + '&client_id=portal-cli',
    'grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code=__proto__&client_id=portal-cli',
    'grant_type=client_credentials&client_id=constructor',
    'client_id[]=a&client_id[]=b',
    'grant_type=password&username=admin@demo.portal&password=portal-demo&client_id=portal-web',
  ])
  const target = rng.pick(['/realms/portal/token', '/realms/portal/device/auth', '/realms/portal/token/introspection', '/realms/portal/token/revocation'])
  return { name: `provider form to ${target}: ${form.slice(0, 50)}`, request: { method: 'POST', target, headers: ['Content-Type: application/x-www-form-urlencoded'], body: Buffer.from(form) } }
}

/** Raw HTTP inputs on a plain TCP socket. */
export function httpCases(rng: Rng, count: number): FuzzCase[] {
  const cases: FuzzCase[] = []
  for (let index = 0; index < count; index++) {
    const r = rng.fork(`${CATEGORY}-${index}`)
    const fuzz: FuzzCase = {
      category: CATEGORY,
      description: 'raw request',
      run: (context, signal) => {
        const { name, request } = rawRequest(r, context)
        fuzz.note = name
        return sendRaw(context, request, signal)
      },
    }
    cases.push(fuzz)
  }
  return cases
}
