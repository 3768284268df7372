import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentHttpPaths } from '../../packages/sdk/src/services/index'
import { freshInstance, instanceEnv, runOperation } from '../support/operations'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, uploadAndRead, type UserSession } from '../support/session'

/** The tables a restore must bring back whole, with their row counts. */
const TABLES = ['documents', 'bookings', 'audit_log', 'document_history', 'users', 'companies', 'payments']

async function counts(server: TestServer): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const table of TABLES) result[table] = Number(((await server.knex(table).count('* as n').first()) as { n: string | number }).n)
  return result
}

/**
 * Backup and restore on whatever this pass runs (PGlite + folder, or PostgreSQL + S3 in .ci/run's PostgreSQL pass):
 * backed up while the portal runs, restored into a fresh instance, every row and file found again through the server.
 */
describe('npm run backup / npm run restore', () => {
  let server: TestServer
  let staff: UserSession
  let backupDir: string
  let before: Record<string, number>
  let files: { id: number; sha256: string }[]

  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1', PORTAL_DEMO_SCREENS: '1' } })
    staff = await signInSession(server.url, 'staff@demo.portal')
    backupDir = await mkdtemp(join(tmpdir(), 'portal-backup-'))
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
    if (backupDir) await rm(backupDir, { recursive: true, force: true })
  })

  it('backs up the database and every file while the portal runs, and a second time only what is new', async () => {
    const env = await instanceEnv(server.dataDir, server.databaseSchema)
    const first = await runOperation('backup', [backupDir], env)
    expect(first.stderr + first.stdout).toContain('Backup complete')
    expect(first.code).toBe(0)

    // The portal goes on: a new upload, then the second backup copies that one file.
    const pdf = await PDFDocument.create()
    pdf.addPage([595, 842]).drawText('Rechnung nach der Sicherung', { x: 50, y: 780, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) })
    // Read to the end first, so nothing changes between the second backup and the counts below.
    await uploadAndRead(server.url, staff, staff.companies[0], { name: 'after-backup.pdf', bytes: await pdf.save() })
    const second = await runOperation('backup', ['--', backupDir], env)
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toMatch(/Document files from .*: 1 new \(/)

    before = await counts(server)
    expect(before.bookings).toBeGreaterThan(100)
    expect(before.audit_log).toBeGreaterThan(0)
    files = ((await server.knex('documents').select('id', 'sha256').orderBy('id')) as { id: number; sha256: string }[]).map((row) => ({ id: row.id, sha256: row.sha256.trim() }))
    const stored = await readdir(join(backupDir, 'files'), { recursive: true })
    for (const { sha256 } of files.filter((file) => file.id % 25 === 0)) expect(stored).toContain(join(sha256.slice(0, 2), sha256.slice(2, 4), sha256))
  }, 180_000)

  it('restores into a fresh instance: every document, file, booking and audit entry is there; a second restore is refused', async () => {
    staff.client.close()
    await server.close()
    const fresh = await freshInstance()
    const restored = await runOperation('restore', [backupDir], fresh.env)
    expect(restored.code, restored.stderr).toBe(0)
    expect(restored.stdout).toContain('restored')

    const again = await runOperation('restore', [backupDir], fresh.env)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/Restore refused: .* (is not empty|has \d+ tables): restore goes into an empty/)
    const notBackup = await runOperation('restore', [tmpdir()], fresh.env)
    expect(notBackup.stderr).toContain('is no complete backup')

    server = await startTestServer({ dataDir: fresh.dataDir, databaseSchema: fresh.databaseSchema, keep: false })
    staff = await signInSession(server.url, 'staff@demo.portal')
    expect(await counts(server)).toEqual(before)
    const mine = (await server.knex('documents').whereIn('company_no', staff.companies).select('id', 'sha256')) as { id: number; sha256: string }[]
    expect(mine.length).toBeGreaterThan(100)
    for (const row of mine) {
      const answer = await fetch(`${server.url}${documentHttpPaths.file(row.id)}`, { headers: { authorization: `Bearer ${staff.token}` } })
      expect(answer.status, `document ${row.id}`).toBe(200)
      expect(createHash('sha256').update(new Uint8Array(await answer.arrayBuffer())).digest('hex')).toBe(row.sha256.trim())
    }
    expect(files.filter((file) => mine.some((row) => row.id === file.id)).length).toBe(mine.length)
  }, 180_000)
})
