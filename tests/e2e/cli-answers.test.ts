import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { APP_VERSION } from '../../packages/sdk/src/domain/constants'
import { freePort, startTestServer, type TestServer } from '../support/server'
import { runPortal, signInPortal } from './cli.support'

// Issue 38, "The CLI answers fast and reads well": the real `portal` binary against the real server. The demo
// administrator's account is German, the client's English; the shell of every run here is English (LANG=en_US).
describe('portal answers clearly', () => {
  let server: TestServer
  let dir: string
  /** The German administrator's config dir, English output (PORTAL_LANG=en) unless a test says otherwise. */
  let admin: Record<string, string>
  /** The same sessions, in the account's language (no PORTAL_LANG). */
  let adminOwnLanguage: Record<string, string>

  beforeAll(async () => {
    server = await startTestServer({ env: { WORKER_CONCURRENCY: '0' } })
    dir = await mkdtemp(join(tmpdir(), 'portal-cli-answers-'))
    admin = { PORTAL_CONFIG_DIR: join(dir, 'admin') }
    adminOwnLanguage = { ...admin, PORTAL_LANG: '' }
  })
  afterAll(async () => {
    await server?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('prints version and build', async () => {
    const run = await runPortal(['--version'], {})
    expect(run.stdout.trim()).toBe(`${APP_VERSION.text}, build ${APP_VERSION.build}`)
    expect(run.code).toBe(0)
    const german = await runPortal(['--version', '--lang', 'de'], {})
    expect(german.stdout.trim()).toBe(`${APP_VERSION.text}, Build ${APP_VERSION.build}`)
  })

  it('keeps one language through the device login: the shell’s, though the account is German', async () => {
    const done = await signInPortal({ ...adminOwnLanguage, PORTAL_SERVER: server.url }, 'admin@demo.portal')
    expect(done.code).toBe(0)
    expect(done.stderr).toMatch(/Signed in to .+ as Anna Huber \(admin@demo\.portal\)\./)
    expect(done.stderr).not.toMatch(/angemeldet|Anmeldung/i)
  })

  it('speaks the German account’s language in help and argument errors once signed in', async () => {
    const help = await runPortal(['--help'], adminOwnLanguage)
    expect(help.stdout).toMatch(/^Aufruf: portal \[Optionen\] \[Befehl\]/)
    expect(help.stdout).toContain('Befehle:')
    expect(help.stdout).not.toMatch(/\[options\]|\[command\]/)
    const verbHelp = await runPortal(['users', 'list', '--help'], adminOwnLanguage)
    expect(verbHelp.stdout).toMatch(/^Aufruf: portal users list\|ls \[Optionen\]/)
    const wrong = await runPortal(['users', 'list', '--bogus'], adminOwnLanguage)
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('Unbekannte Option „--bogus“.')
    const missing = await runPortal(['export', 'create'], adminOwnLanguage)
    expect(missing.stderr).toContain('Fehlende Option: -c, --client <number>.')
  })

  it('suggests the nearest verb for an unknown one', async () => {
    const noun = await runPortal(['clinets', 'list'], admin)
    expect(noun.code).toBe(1)
    expect(noun.stderr).toContain('Unknown command "clinets".')
    expect(noun.stderr).toContain('Did you mean clients?')
    const verb = await runPortal(['users', 'lsit'], admin)
    expect(verb.stderr).toContain('Did you mean list?')
  })

  it('says that nothing answers at a wrong --server, with its own exit code 5', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`
    const run = await runPortal(['clients', 'list', '--server', nowhere], admin)
    expect(run.stderr).toContain(`Nothing answers at ${nowhere}.`)
    expect(run.stderr).not.toContain('not signed in')
    expect(run.code).toBe(5)
  })

  it('never runs table columns together (users list), even when a row is wider than the terminal', async () => {
    // Wider than 120 columns: Ink's layout squeezed the last columns into "Enabled" + "Last sign-in" with no blank.
    const [{ id }] = await server
      .knex('users')
      .insert({ keycloak_id: randomUUID(), username: 'wide', email: 'a-very-long-address-for-the-table-test@steuerberatung-beispiel.test', first_name: 'Wilhelmine', last_name: 'Breitenfeld-Oberhauser', permissions: ['doc', 'app', 'acc', 'rep', 'ded'], last_login: new Date() })
      .returning('id')
    await server.knex('user_clients').insert([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008].map((company_no) => ({ user_id: id, company_no, mode: 'assigned' })))
    const users = await runPortal(['users', 'list'], admin)
    expect(users.code).toBe(0)
    const [header, ...rows] = users.stdout.trimEnd().split('\n')
    expect(header).toMatch(/Companies {2,}Enabled {2,}Last sign-in/)
    expect(rows.length).toBeGreaterThan(0)
    // Every header starts where its column's cells start, after a blank.
    const starts = [...header.matchAll(/\S+(?: \S+)*/g)].map((match) => match.index)
    for (const row of rows) for (const start of starts.slice(1)) expect(row[start - 1]).toBe(' ')
  })

  it('gives the message with the key in --json results (a broken PDF)', async () => {
    const folder = await mkdtemp(join(dir, 'upload-'))
    await writeFile(join(folder, 'broken.pdf'), '%PDF-1.7\nthis is no PDF at all')
    const run = await runPortal(['upload', folder, '--client', '1001', '--json'], admin)
    const [result] = (JSON.parse(run.stdout) as { results: { status: string; error?: { key: string; message: string } }[] }).results
    expect(result.status).toBe('refused')
    expect(result.error?.key).toMatch(/brokenPdf/)
    expect(result.error?.message).toBe('The PDF "broken.pdf" is damaged and cannot be read.')
  })

  it('names the company when refusing work for a company the user may not see', async () => {
    const client = { PORTAL_CONFIG_DIR: join(dir, 'client') }
    expect((await signInPortal({ ...client, PORTAL_SERVER: server.url }, 'client@demo.portal')).code).toBe(0)
    const folder = await mkdtemp(join(dir, 'foreign-'))
    await writeFile(join(folder, 'a.pdf'), '%PDF-1.7\n')
    const run = await runPortal(['upload', folder, '--client', '1001'], client)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('You may not work for company 1001: it is not one of your companies.')
    const exports = await runPortal(['export', 'list', '--client', '1001'], client)
    expect(exports.code).toBe(1)
    expect(exports.stderr).toContain('You may not work for company 1001')
    // Their own company is no "foreign" one.
    expect((await runPortal(['export', 'list', '--client', '1002'], client)).stderr).not.toContain('You may not work for company')
  })
})
