import { describe, expect, it } from 'vitest'
import { APP_VERSION } from '@portal/sdk/domain'
import { runPortal } from './main'
import type { CommandContext } from './context'
import type { Services } from './services/index'
import type { UploadOptions } from './services/upload/upload'
import { CancelledError, NotSignedInError } from './errors'
import { testDeps } from './test/memory-io'

interface Call {
  verb: string
  ctx: CommandContext
  options?: UploadOptions
}

function recordingServices(calls: Call[], fail?: Error): Services {
  const verb = (name: string) => async (ctx: CommandContext, options?: UploadOptions) => {
    calls.push({ verb: name, ctx, options })
    if (fail) throw fail
  }
  return {
    login: verb('login'),
    logout: verb('logout'),
    whoami: verb('whoami'),
    listClients: verb('clients list'),
    tui: verb('tui'),
    upload: verb('upload'),
    createExport: async (ctx, options) => void calls.push({ verb: 'export create', ctx, options: options as never }),
    listExports: async (ctx, options) => void calls.push({ verb: 'export list', ctx, options: options as never }),
    downloadExport: async (ctx, id, output) => void calls.push({ verb: `export download ${id} ${output ?? ''}`.trim(), ctx }),
    markExportImported: async (ctx, id) => void calls.push({ verb: `export mark-imported ${id}`, ctx }),
    revokeExport: async (ctx, id) => void calls.push({ verb: `export revoke ${id}`, ctx }),
    applyExportResult: async (ctx, options) => void calls.push({ verb: 'export result', ctx, options: options as never }),
    listScanners: async (ctx, options) => void calls.push({ verb: 'scanners list', ctx, options: options as never }),
    registerScanner: async (ctx, options) => void calls.push({ verb: 'scanners register', ctx, options: options as never }),
    rotateScanner: async (ctx, id) => void calls.push({ verb: `scanners rotate ${id}`, ctx }),
    revokeScanner: async (ctx, id) => void calls.push({ verb: `scanners revoke ${id}`, ctx }),
    setScannerActivated: async (ctx, id, activated) => void calls.push({ verb: `scanners ${activated ? 'activate' : 'deactivate'} ${id}`, ctx }),
    listUsers: async (ctx, options) => void calls.push({ verb: 'users list', ctx, options: options as never }),
    showUser: async (ctx, email) => void calls.push({ verb: `users show ${email}`, ctx }),
    createUser: async (ctx, email, flags) => void calls.push({ verb: `users create ${email}`, ctx, options: flags as never }),
    editUser: async (ctx, email, flags) => void calls.push({ verb: `users edit ${email}`, ctx, options: flags as never }),
    setUserEnabled: async (ctx, email, enabled) => void calls.push({ verb: `users ${enabled ? 'enable' : 'disable'} ${email}`, ctx }),
    deleteUser: async (ctx, email, yes) => void calls.push({ verb: `users delete ${email}${yes ? ' --yes' : ''}`, ctx }),
    applyUsers: async (ctx, file, options) => void calls.push({ verb: `users apply ${file}`, ctx, options: options as never }),
    listFon: async (ctx, options) => void calls.push({ verb: 'fon list', ctx, options: options as never }),
    showFon: async (ctx, id) => void calls.push({ verb: `fon show ${id}`, ctx }),
    resolveFon: async (ctx, id, remark) => void calls.push({ verb: `fon resolve ${id} ${remark ?? ''}`.trim(), ctx }),
    reopenFon: async (ctx, id) => void calls.push({ verb: `fon reopen ${id}`, ctx }),
    importFon: async (ctx, options) => void calls.push({ verb: 'fon import', ctx, options: options as never }),
    fonStatus: async (ctx, options) => void calls.push({ verb: 'fon status', ctx, options: options as never }),
    fonConflicts: async (ctx) => void calls.push({ verb: 'fon conflicts', ctx }),
    importBankStatement: async (ctx, options) => void calls.push({ verb: 'bank import', ctx, options: options as never }),
    listRequests: async (ctx, options) => void calls.push({ verb: 'requests list', ctx, options: options as never }),
    answerRequest: async (ctx, id, options) => void calls.push({ verb: `requests answer ${id}`, ctx, options: options as never }),
    closeRequest: async (ctx, id) => void calls.push({ verb: `requests close ${id}`, ctx }),
    proposePayments: async (ctx, options) => void calls.push({ verb: 'payments propose', ctx, options: options as never }),
    createPaymentRun: async (ctx, options) => void calls.push({ verb: 'payments create', ctx, options: options as never }),
    releasePaymentRun: async (ctx, id) => void calls.push({ verb: `payments release ${id}`, ctx }),
    downloadPaymentRun: async (ctx, id, output) => void calls.push({ verb: `payments download ${id} ${output ?? ''}`.trim(), ctx }),
  }
}

async function run(args: string[], env: NodeJS.ProcessEnv = {}, fail?: Error) {
  const calls: Call[] = []
  const { deps, stdout, stderr } = testDeps(env)
  const code = await runPortal(['node', 'portal', ...args], deps, recordingServices(calls, fail))
  return { code, calls, stdout: stdout.text, stderr: stderr.text }
}

describe('portal argument parsing', () => {
  it('runs the verb with the reserved flags, before or after the verb', async () => {
    const { code, calls } = await run(['--json', 'clients', 'list', '--server', 'http://portal.test:8080/', '--lang', 'de', '--verbose'])
    expect(code).toBe(0)
    expect(calls).toHaveLength(1)
    const { verb, ctx } = calls[0]
    expect(verb).toBe('clients list')
    expect(ctx).toMatchObject({ json: true, server: 'http://portal.test:8080', lang: 'de', verbose: true, dryRun: false })
    expect(ctx.t('clients.columns.place')).toBe('Ort')
  })

  it('takes the language from LANG and the server from PORTAL_SERVER when no flag is given', async () => {
    const { calls } = await run(['whoami'], { LANG: 'de_AT.UTF-8', PORTAL_SERVER: 'https://portal.example.at' })
    expect(calls[0].ctx).toMatchObject({ lang: 'de', server: 'https://portal.example.at', json: false })
  })

  it('speaks the signed-in account’s cached language unless --lang is given; another server’s account does not count', async () => {
    const calls: Call[] = []
    const { deps, stdout } = testDeps({ LANG: 'en_US.UTF-8' })
    const store = deps.openStore()
    const session = { idToken: 'id', accessToken: 'at', expiresAt: 1, issuer: 'http://portal.test/realms/portal' }
    store.save('http://portal.test', session)
    store.rememberLocale('http://portal.test', 'de')
    const services = recordingServices(calls)
    await runPortal(['node', 'portal', 'whoami'], deps, services)
    expect(calls[0].ctx).toMatchObject({ lang: 'de', language: { source: 'account' }, server: 'http://portal.test' })
    expect(calls[0].ctx.t('whoami.permissions')).toBe('Berechtigungen')
    await runPortal(['node', 'portal', '--lang', 'en', 'whoami'], deps, services)
    expect(calls[1].ctx).toMatchObject({ lang: 'en', language: { source: 'flag' } })
    await runPortal(['node', 'portal', 'whoami', '--server', 'http://other.test'], deps, services)
    expect(calls[2].ctx).toMatchObject({ lang: 'en', language: { source: 'environment' } })
    // Help is built in the account's language too.
    await runPortal(['node', 'portal', '--help'], deps, services)
    expect(stdout.text).toContain('Befehle:')
  })

  it('defaults to the local server', async () => {
    const { calls } = await run(['login', '--dry-run'])
    expect(calls[0].ctx).toMatchObject({ server: 'http://localhost:3030', dryRun: true })
  })

  it('parses upload paths, company number, type and switches', async () => {
    const { code, calls } = await run(['upload', 'a.pdf', 'scans', '--client', '1001', '--type', 'ar_u', '-r'])
    expect(code).toBe(0)
    expect(calls[0].options).toEqual({ paths: ['a.pdf', 'scans'], client: 1001, type: 'ar_u', recursive: true, watch: false, concurrency: 3 })
  })

  it('uploads as incoming invoices (er_u) by default', async () => {
    const { calls } = await run(['upload', 'a.pdf', '-c', '7'])
    expect(calls[0].options).toMatchObject({ type: 'er_u', client: 7, recursive: false })
  })

  it('refuses a company number that is not a number, without running anything', async () => {
    const { code, calls, stderr } = await run(['upload', 'a.pdf', '--client', 'abc'])
    expect(code).toBe(1)
    expect(calls).toHaveLength(0)
    expect(stderr).toContain('"abc" is not a company number.')
  })

  it('refuses an unknown document type and a missing company', async () => {
    expect((await run(['upload', 'a.pdf', '-c', '1', '--type', 'xx'])).code).toBe(1)
    expect((await run(['upload', 'a.pdf'])).code).toBe(1)
  })

  it('uploads as a scanner with --scanner-token or PORTAL_SCANNER_TOKEN, without a company', async () => {
    const flag = await run(['upload', 'scans', '--scanner-token', 'pst_abc', '--watch'])
    expect(flag.code).toBe(0)
    expect(flag.calls[0].options).toMatchObject({ scannerToken: 'pst_abc', watch: true, paths: ['scans'] })
    expect((await run(['upload', 'scans'], { PORTAL_SCANNER_TOKEN: 'pst_abc' })).code).toBe(0)
    const missing = await run(['--lang', 'en', 'upload', 'scans'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('--scanner-token')
  })

  it('parses the scanners verbs: register with repeated --user, and a scanner number', async () => {
    const register = await run(['scanners', 'register', '--location', 'Empfang', '--company', '1001', '--user', 'a@x.at', '--user', 'b@x.at'])
    expect(register.code).toBe(0)
    expect(register.calls[0].options).toEqual({ location: 'Empfang', company: 1001, user: ['a@x.at', 'b@x.at'] })
    expect((await run(['scanners', 'rotate', '7'])).calls[0].verb).toBe('scanners rotate 7')
    expect((await run(['scanners', 'deactivate', '7'])).calls[0].verb).toBe('scanners deactivate 7')
    const bad = await run(['--lang', 'de', 'scanners', 'revoke', 'abc'])
    expect(bad).toMatchObject({ code: 1, calls: [] })
    expect(bad.stderr).toContain('„abc“ ist keine Scannernummer')
    expect((await run(['scanners', 'register', '--location', 'Empfang'])).code).toBe(1)
  })

  it('parses the export verbs: a period or a range, the format, the output, a batch number and a result file', async () => {
    const create = await run(['export', 'create', '--client', '1001', '--period', '2026-01', '--format', 'bmd', '-o', 'j.zip'])
    expect(create.code).toBe(0)
    expect(create.calls[0].options).toEqual({ client: 1001, period: '2026-01', format: 'bmd', output: 'j.zip' })
    const range = await run(['--dry-run', 'export', 'create', '-c', '7', '--from', '2026-01-01', '--to', '2026-03-31', '-f', 'datev'])
    expect(range.calls[0]).toMatchObject({ options: { client: 7, from: '2026-01-01', to: '2026-03-31', format: 'datev' }, ctx: { dryRun: true } })
    expect((await run(['export', 'create', '-c', '7', '--period', '2026-13', '-f', 'bmd'])).code).toBe(1)
    const badDate = await run(['--lang', 'de', 'export', 'create', '-c', '7', '--from', '2026-02-30', '--to', '2026-03-01', '-f', 'bmd'])
    expect(badDate).toMatchObject({ code: 1, calls: [] })
    expect(badDate.stderr).toContain('„2026-02-30“ ist kein Datum')
    expect((await run(['export', 'create', '-c', '7', '--period', '2026-01', '-f', 'sap'])).code).toBe(1)
    expect((await run(['export', 'list', '-c', '7', '--status', 'revoked'])).calls[0].options).toEqual({ client: 7, status: 'revoked' })
    expect((await run(['export', 'mark-imported', '12'])).calls[0].verb).toBe('export mark-imported 12')
    expect((await run(['export', 'download', '12', '-o', 'x.zip'])).calls[0].verb).toBe('export download 12 x.zip')
    expect((await run(['export', 'result', 'ergebnis.csv', '-c', '7'])).calls[0].options).toEqual({ file: 'ergebnis.csv', client: 7 })
    const bad = await run(['--lang', 'en', 'export', 'revoke', 'x'])
    expect(bad).toMatchObject({ code: 1, calls: [] })
    expect(bad.stderr).toContain('“x” is not a batch number.')
  })

  it('explains usage errors in the chosen language', async () => {
    const unknown = await run(['--lang', 'de', 'clients', 'lst'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('Unbekannter Befehl „lst“.')
    expect(unknown.stderr).toContain('Meinten Sie list, ls?')
    const type = await run(['upload', 'a.pdf', '-c', '1', '-t', 'zz'])
    expect(type.stderr).toContain('"zz" is not allowed for -t, --type <type>: use one of er_u, ar_u, ka, other.')
  })

  it('refuses an unknown language and a server that is not a URL', async () => {
    const lang = await run(['--lang', 'fr', 'whoami'])
    expect(lang.code).toBe(1)
    expect(lang.stderr).toContain('Unknown language "fr": use en or de.')
    const server = await run(['whoami', '--server', 'portal'])
    expect(server.code).toBe(1)
    expect(server.stderr).toContain('"portal" is not a server URL')
  })

  it('prints help and the version with exit code 0', async () => {
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('portal upload ./scans --client 1001')
    const de = await run(['clients', '--help', '--lang', 'de'])
    expect(de.stdout).toContain('Befehle:')
    expect(de.stdout).toContain('die Klienten auflisten')
    // commander's placeholders are words of the help's language too.
    expect(de.stdout).toMatch(/^Aufruf: portal clients \[Optionen\] \[Befehl\]/)
    expect(de.stdout).not.toMatch(/\[options\]|\[command\]/)
    expect((await run(['--version', '--lang', 'de'])).stdout.trim()).toBe(`${APP_VERSION.text}, Build ${APP_VERSION.build}`)
    const version = await run(['--version'])
    expect(version.stdout.trim()).toBe(`${APP_VERSION.text}, build ${APP_VERSION.build}`)
  })

  it('exits 4 when not signed in and tells what to do, 2 when cancelled', async () => {
    const notSignedIn = await run(['whoami'], {}, new NotSignedInError({ server: 'http://localhost:3030' }))
    expect(notSignedIn.code).toBe(4)
    expect(notSignedIn.stderr).toContain('You are not signed in to http://localhost:3030.')
    expect(notSignedIn.stderr).toContain('portal login')
    expect((await run(['tui'], {}, new CancelledError())).code).toBe(2)
  })

  it('reports an unexpected error with exit code 1 and a hint', async () => {
    const { code, stderr } = await run(['whoami', '--lang', 'de'], {}, new Error('boom'))
    expect(code).toBe(1)
    expect(stderr).toContain('Unerwarteter Fehler: boom')
  })
})

describe('portal fon', () => {
  it('parses the FON verbs: filters, an item number, the required remark and the two files', async () => {
    const list = await run(['fon', 'list', '--state', 'dataConflict', '--employee', 'anna@kanzlei.at', '--year', '2025', '--json'])
    expect(list.calls[0]).toMatchObject({ verb: 'fon list', options: { state: 'dataConflict', employee: 'anna@kanzlei.at', year: 2025 }, ctx: { json: true } })
    expect((await run(['fon', 'show', '42'])).calls[0].verb).toBe('fon show 42')
    expect((await run(['fon', 'resolve', '42', '--remark', 'FA bestätigt'])).calls[0].verb).toBe('fon resolve 42 FA bestätigt')
    expect((await run(['fon', 'resolve', '42'])).code).toBe(1)
    expect((await run(['fon', 'reopen', '42'])).calls[0].verb).toBe('fon reopen 42')
    expect((await run(['fon', 'import', '--records', 'a.csv', '--quota', 'b.xlsx'])).calls[0].options).toEqual({ records: 'a.csv', quota: 'b.xlsx' })
    expect((await run(['fon', 'status', '--year', '2025'])).calls[0].options).toEqual({ year: 2025 })
    const badState = await run(['--lang', 'en', 'fon', 'list', '--state', 'done'])
    expect(badState).toMatchObject({ code: 1, calls: [] })
    expect(badState.stderr).toContain('“done” is not a status')
    const badId = await run(['--lang', 'de', 'fon', 'show', 'x'])
    expect(badId).toMatchObject({ code: 1, calls: [] })
    expect(badId.stderr).toContain('„x“ ist keine Positionsnummer.')
  })
})

describe('portal bank', () => {
  it('parses bank import: the file and the required company number', async () => {
    const imported = await run(['bank', 'import', 'kontoauszug.xml', '--client', '1001', '--json'])
    expect(imported.calls[0]).toMatchObject({ verb: 'bank import', options: { file: 'kontoauszug.xml', client: 1001 }, ctx: { json: true } })
    expect(await run(['bank', 'import', 'kontoauszug.xml'])).toMatchObject({ code: 1, calls: [] })
    expect(await run(['bank', 'import', 'kontoauszug.xml', '--client', 'x'])).toMatchObject({ code: 1, calls: [] })
  })
})

describe('portal requests', () => {
  it('parses list, answer and close with their options; refuses a bad number or status', async () => {
    const listed = await run(['requests', 'list', '--client', '1002', '--status', 'all', '--json'])
    expect(listed.calls[0]).toMatchObject({ verb: 'requests list', options: { client: 1002, status: 'all' }, ctx: { json: true } })
    expect(await run(['requests', 'list', '--status', 'later'])).toMatchObject({ code: 1, calls: [] })
    const answered = await run(['requests', 'answer', '12', '--text', 'Liegt bei.'])
    expect(answered.calls[0]).toMatchObject({ verb: 'requests answer 12', options: { text: 'Liegt bei.' } })
    expect((await run(['requests', 'answer', '12', '--document', '7'])).calls[0]).toMatchObject({ options: { document: 7 } })
    expect((await run(['requests', 'close', '12'])).calls[0]).toMatchObject({ verb: 'requests close 12' })
    const badId = await run(['requests', 'close', 'x', '--lang', 'de'])
    expect(badId).toMatchObject({ code: 1, calls: [] })
    expect(badId.stderr).toContain('„x“ ist keine Nummer einer Anforderung.')
  })
})

describe('portal payments', () => {
  it('parses propose, create, release and download with their flags', async () => {
    const proposed = await run(['payments', 'propose', '--client', '1001', '--days', '30', '--json'])
    expect(proposed.calls[0]).toMatchObject({ verb: 'payments propose', options: { client: 1001, days: 30 }, ctx: { json: true } })
    const created = await run(['payments', 'create', '--client', '1001', '--items', '12,15', '--format', 'pain.001.001.03', '--grouping', 'supplier', '--date', '2026-03-02'])
    expect(created.calls[0]).toMatchObject({ verb: 'payments create', options: { client: 1001, items: [12, 15], format: 'pain.001.001.03', grouping: 'supplier', date: '2026-03-02' } })
    expect(await run(['payments', 'create', '--client', '1001', '--items', '12,x'])).toMatchObject({ code: 1, calls: [] })
    expect(await run(['payments', 'create', '--client', '1001', '--format', 'pain.001.001.02'])).toMatchObject({ code: 1, calls: [] })
    expect(await run(['payments', 'propose', '--client', '1001', '--days', '400'])).toMatchObject({ code: 1, calls: [] })
    expect((await run(['payments', 'release', '7'])).calls[0]).toMatchObject({ verb: 'payments release 7' })
    expect((await run(['payments', 'download', '7', '-o', 'lauf.xml'])).calls[0]).toMatchObject({ verb: 'payments download 7 lauf.xml' })
    expect(await run(['payments', 'release', 'x'])).toMatchObject({ code: 1, calls: [] })
  })
})
