import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '../support/server'
import { approveDeviceCode, runPortal, startPortal } from './cli.support'

// The real `portal` binary against the real server (issue 13): an administrator applies a 200-row CSV with
// `portal users apply`, first as a dry run (prints who gains and loses what, changes nothing), then for real in one
// transaction; a file with one bad row changes nothing and names the row; the single-user verbs.
describe('portal users end to end', () => {
  let server: TestServer
  let dir: string
  let env: Record<string, string>
  const emails = Array.from({ length: 200 }, (_, i) => `mitarbeiter-${String(i + 1).padStart(3, '0')}@kanzlei.test`)

  const permissionsOf = async (email: string) => ((await server.knex('users').where({ email }).first('permissions')) as { permissions: string[] }).permissions
  const clientsOf = async (email: string) =>
    (
      (await server.knex('user_clients').join('users', 'users.id', 'user_clients.user_id').where({ email, mode: 'assigned' }).orderBy('company_no').select('company_no')) as {
        company_no: number
      }[]
    ).map((row) => row.company_no)

  beforeAll(async () => {
    server = await startTestServer({ env: { WORKER_CONCURRENCY: '0' } })
    await server.knex('users').insert(
      emails.map((email) => ({ keycloak_id: randomUUID(), username: email, email, first_name: 'Max', last_name: email.slice(0, 15), permissions: ['doc'] })),
    )
    dir = await mkdtemp(join(tmpdir(), 'portal-cli-users-'))
    env = { PORTAL_CONFIG_DIR: dir }
    const login = startPortal(['login', '--server', server.url], env)
    const [, code] = await login.waitForStderr(/one-time code: (\S+)/)
    const [, url] = await login.waitForStderr(/Open (\S+) in a browser/)
    await approveDeviceCode(url, code, 'admin@demo.portal', 'portal-demo')
    expect((await login.done).code).toBe(0)
  })
  afterAll(async () => {
    await server?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('applies a 200-row CSV: --dry-run prints the diff and changes nothing, then the real run changes all', async () => {
    const file = join(dir, 'changes.csv')
    const rows = emails.map((email) => `${email},rep,doc,1001;1002,yes`)
    await writeFile(file, ['email,add_permissions,remove_permissions,add_clients,enabled', ...rows].join('\n'))

    const dry = await runPortal(['users', 'apply', file, '--dry-run'], env)
    expect(dry.stderr).toContain('200 user(s) would change, 0 unchanged; nothing was changed (dry run)')
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain(`${emails[0]}: gains permissions rep; loses permissions doc; gains companies 1001, 1002`)
    expect(dry.stdout.split('\n').filter((line) => line.includes('gains permissions rep'))).toHaveLength(200)
    expect(await permissionsOf(emails[199])).toEqual(['doc'])

    // A script must say --yes: without a terminal to ask, nothing happens.
    const unconfirmed = await runPortal(['users', 'apply', file], env)
    expect(unconfirmed.code).toBe(1)
    expect(unconfirmed.stderr).toContain('add --yes to confirm')
    expect(await permissionsOf(emails[0])).toEqual(['doc'])

    const real = await runPortal(['users', 'apply', file, '--yes'], env)
    expect(real.stderr).toContain('200 user(s) changed, 0 unchanged')
    expect(real.code).toBe(0)
    for (const email of [emails[0], emails[100], emails[199]]) {
      expect(await permissionsOf(email)).toEqual(['rep'])
      expect(await clientsOf(email)).toEqual([1001, 1002])
    }
    const audited = await server.knex('audit_log').where({ action: 'user.update', entity: 'user' }).count({ n: '*' }).first()
    expect(Number(audited?.n)).toBe(200)

    const listed = await runPortal(['users', 'list', '--permission', 'rep', '--client', '1002', '--json'], env)
    expect(listed.code).toBe(0)
    expect((JSON.parse(listed.stdout) as { email: string }[]).map((user) => user.email)).toEqual(expect.arrayContaining(emails))
  })

  it('changes nothing when one row is bad, and names each bad row with its line and rule', async () => {
    const file = join(dir, 'bad.csv')
    await writeFile(
      file,
      ['email,add_permissions,remove_clients', `${emails[0]},pdf,`, `${emails[1]},xyz,`, `${emails[2]},pdf,abc`, `${emails[3]},pdf,`].join('\n'),
    )
    const run = await runPortal(['users', 'apply', file, '--yes'], env)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`Line 3 (${emails[1]}), add_permissions: Unknown permission code "xyz"`)
    expect(run.stderr).toContain(`Line 4 (${emails[2]}), remove_clients: Please write company numbers as whole numbers`)
    expect(run.stderr).not.toContain('Line 2')
    expect(await permissionsOf(emails[0])).toEqual(['rep'])
    // With --json each refused row carries the sentence next to its key (issue 38).
    const json = await runPortal(['users', 'apply', file, '--yes', '--json'], env)
    const { errors } = JSON.parse(json.stdout) as { errors: { field: string; message: { key: string; text: string } }[] }
    expect(errors.find((error) => error.field === 'add_permissions')?.message).toMatchObject({ key: expect.any(String), text: 'Unknown permission code "xyz"' })

    // Rules only the server knows (an unknown user, an unknown client) are named by line too.
    const unknown = join(dir, 'unknown.csv')
    await writeFile(unknown, ['email;add_clients', `${emails[0]};1003`, 'niemand@kanzlei.test;1003', `${emails[1]};999999`].join('\n'))
    const refused = await runPortal(['users', 'apply', unknown, '--yes', '--lang', 'de'], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Zeile 3 (niemand@kanzlei.test), email: Es gibt keinen Benutzer mit der E-Mail niemand@kanzlei.test')
    expect(refused.stderr).toContain(`Zeile 4 (${emails[1]}), addClients: Unbekannter Klient 999999`)
    const refusedJson = JSON.parse((await runPortal(['users', 'apply', unknown, '--yes', '--json'], env)).stdout) as { errors: { message: { text: string } }[] }
    expect(refusedJson.errors.map((error) => error.message.text)).toContain('Unknown company 999999')
    expect(await clientsOf(emails[0])).toEqual([1001, 1002])
  })

  it('refuses a 50 MB file before reading it', async () => {
    const file = join(dir, 'huge.csv')
    await writeFile(file, 'email\n')
    await truncate(file, 50 * 1024 * 1024)
    const run = await runPortal(['users', 'apply', file, '--dry-run'], env)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('The file is 50.0 MB; at most 5.0 MB are accepted')
  })

  it('creates, shows, edits, disables, enables and deletes one user', async () => {
    const email = 'neu@kanzlei.test'
    const created = await runPortal(['users', 'create', email, '--first', 'Nina', '--last', 'Neu', '--add-permission', 'doc', '--add-client', '1001'], env)
    expect(created.code).toBe(0)
    // No SMTP here: the one-time link is printed once, alone on stdout.
    expect(created.stdout.trim()).toMatch(new RegExp(`^${server.url}/password-setup\\?token=[A-Za-z0-9_-]+$`))
    const bad = await runPortal(['users', 'create', 'kaputt', '--first', 'A', '--last', 'B'], env)
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('Please enter a valid e-mail address')

    const edited = await runPortal(['users', 'edit', email, '--add-permission', 'rep', '--remove-client', '1001', '--add-client', '1002'], env)
    expect(edited.code).toBe(0)
    expect(edited.stdout).toContain(`${email}: gains permissions rep; gains companies 1002; loses companies 1001`)
    expect(await clientsOf(email)).toEqual([1002])

    expect((await runPortal(['users', 'disable', email], env)).code).toBe(0)
    expect(((await server.knex('users').where({ email }).first('enabled')) as { enabled: boolean }).enabled).toBe(false)
    const disabled = await runPortal(['users', 'list', '--disabled', '--json'], env)
    expect((JSON.parse(disabled.stdout) as { email: string }[]).map((user) => user.email)).toEqual([email])
    expect((await runPortal(['users', 'enable', email], env)).code).toBe(0)

    const shown = await runPortal(['users', 'show', email], env)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('doc rep')
    expect(shown.stdout).toMatch(/enabled user[\s\S]*disabled user[\s\S]*changed user[\s\S]*created user/)

    const self = await runPortal(['users', 'disable', 'admin@demo.portal'], env)
    expect(self.code).toBe(1)
    expect(self.stderr).toContain('You cannot disable yourself')

    const unconfirmed = await runPortal(['users', 'delete', email], env)
    expect(unconfirmed.code).toBe(1)
    expect((await runPortal(['users', 'delete', email, '--yes'], env)).code).toBe(0)
    expect(await server.knex('users').where({ email }).first('id')).toBeUndefined()
  })
})
