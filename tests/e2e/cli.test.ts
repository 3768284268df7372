import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { startTestServer, type TestServer } from '../support/server'
import { refreshTokens } from '../support/tokens'
import { approveDeviceCode, runPortal, startPortal } from './cli.support'

// The real `portal` binary against the real server: device sign-in approved on the provider's pages,
// then whoami, clients list and upload, in human and --json form, and exit code 4 without a session.
describe('portal CLI end to end', () => {
  let server: TestServer
  let configDir: string
  let env: Record<string, string>

  beforeAll(async () => {
    server = await startTestServer()
    configDir = await mkdtemp(join(tmpdir(), 'portal-cli-e2e-'))
    env = { PORTAL_CONFIG_DIR: configDir }
  })
  afterAll(async () => {
    await server?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it('exits 4 and says how to sign in when not signed in', async () => {
    const run = await runPortal(['whoami', '--server', server.url], env)
    expect(run.code).toBe(4)
    expect(run.stderr).toContain(`You are not signed in to ${server.url}.`)
    expect(run.stderr).toContain('portal login')
    expect(run.stdout).toBe('')
  })

  it('signs in with the device code approved in the browser and keeps the tokens in a 0600 file', async () => {
    const login = startPortal(['login', '--server', server.url], env)
    const [, code] = await login.waitForStderr(/one-time code: (\S+)/)
    const [, url] = await login.waitForStderr(/Open (\S+) in a browser/)
    await approveDeviceCode(url, code, 'staff@demo.portal', 'portal-demo')
    const done = await login.done
    expect(done.stderr).toMatch(new RegExp(`Signed in to ${server.url} as .+ \\(staff@demo\\.portal\\)\\.`))
    expect(done.code).toBe(0)
    const file = await stat(join(configDir, 'portal.json'))
    expect(file.mode & 0o777).toBe(0o600)
  })

  it('shows who is signed in, with permissions and companies, as JSON and as text', async () => {
    const json = await runPortal(['whoami', '--json'], env)
    expect(json.code).toBe(0)
    const whoami = JSON.parse(json.stdout)
    expect(whoami.server).toBe(server.url)
    expect(whoami.user.email).toBe('staff@demo.portal')
    expect(whoami.user.permissions_array).toEqual(expect.arrayContaining(['doc', 'app', 'acc', 'rep', 'ded']))
    expect(whoami.user.permissions_array).not.toContain('adm')
    expect(whoami.companies.length).toBeGreaterThan(1)
    const text = await runPortal(['whoami', '--lang', 'de'], env)
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/E-Mail\s+staff@demo\.portal/)
    expect(text.stdout).toMatch(/Berechtigungen\s+.*doc/)
  })

  it('lists the client companies the user may see', async () => {
    const json = await runPortal(['clients', 'list', '--json'], env)
    expect(json.code).toBe(0)
    const companies = JSON.parse(json.stdout) as { company_no: number; company_name: string; company_place: string }[]
    const whoami = JSON.parse((await runPortal(['whoami', '--json'], env)).stdout)
    expect(companies.map((c) => c.company_no).sort()).toEqual([...whoami.user.klienten_array].sort())
    const text = await runPortal(['clients', 'list'], env)
    const lines = text.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^Number\s+Name\s+Place/)
    const first = companies[0]
    expect(text.stdout).toMatch(new RegExp(`${first.company_no}\\s+${first.company_name.replace(/[.()]/g, '\\$&')}\\s+${first.company_place}`))
  })

  it('uploads a folder: new file uploaded, duplicate recognised, unreadable file refused, exit code 1', async () => {
    const companies = JSON.parse((await runPortal(['clients', 'list', '--json'], env)).stdout) as { company_no: number }[]
    const client = String(companies[0].company_no)
    const folder = await mkdtemp(join(tmpdir(), 'portal-cli-upload-'))
    try {
      const pdf = await PDFDocument.create()
      const page = pdf.addPage()
      page.drawText(`Rechnung Nr. ${Date.now()} Gesamtbetrag EUR 120,00`, { font: await pdf.embedFont(StandardFonts.Helvetica), x: 50, y: 700, size: 12 })
      const bytes = await pdf.save()
      await writeFile(join(folder, 'invoice.pdf'), bytes)
      await writeFile(join(folder, 'invoice-copy.pdf'), bytes)
      await writeFile(join(folder, 'notes.txt'), 'this is not a document')
      const first = await runPortal(['upload', folder, '--client', client, '--json'], env)
      expect(first.code).toBe(1)
      const results = Object.fromEntries(
        (JSON.parse(first.stdout).results as { file: string; status: string; documentId?: number }[]).map((r) => [
          r.file.split('/').pop(),
          r,
        ]),
      )
      // The same content twice: whichever goes first is uploaded, the other is recognised as existing.
      const pdfs = [results['invoice.pdf'], results['invoice-copy.pdf']].sort((a, b) => a.status.localeCompare(b.status))
      expect(pdfs.map((r) => r.status)).toEqual(['exists', 'uploaded'])
      expect(pdfs[1].documentId).toEqual(expect.any(Number))
      expect(results['notes.txt'].status).toBe('refused')
      const human = await runPortal(['upload', join(folder, 'notes.txt'), '--client', client], env)
      expect(human.code).toBe(1)
      expect(human.stdout).toMatch(/notes\.txt\s+refused\s+\S+/)
      expect(human.stderr).toContain('1 files were not uploaded.')
      // Resumable: the second run does not send the PDF again and reports it as already uploaded.
      const second = await runPortal(['upload', join(folder, 'invoice.pdf'), '--client', client], env)
      expect(second.code).toBe(0)
      expect(second.stdout).toMatch(/invoice\.pdf\s+already uploaded \(skipped\)\s+document \d+/)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('signs out: revokes and forgets the tokens, after which commands exit 4', async () => {
    const stored = JSON.parse(await readFile(join(configDir, 'portal.json'), 'utf8')) as {
      sessions: Record<string, { refreshToken: string }>
    }
    const { refreshToken } = stored.sessions[server.url]
    const logout = await runPortal(['logout', '--json'], env)
    expect(logout.code).toBe(0)
    expect(JSON.parse(logout.stdout)).toEqual({ server: server.url, signedOut: true })
    const after = await runPortal(['clients', 'list'], env)
    expect(after.code).toBe(4)
    // The provider no longer honours the refresh token.
    await expect(refreshTokens(server.url, refreshToken, 'portal-cli')).rejects.toThrow(/invalid_grant/)
  })
})
