import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DocumentRequestRecord } from '../../packages/sdk/src/services/index'
import { startTestServer, type TestServer } from '../support/server'
import { connectAs, type Connection } from '../integration/services.support'
import { approveDeviceCode, runPortal, startPortal } from './cli.support'

// The real `portal` binary against the real server (issue 34): the company lists its requests and answers one with
// a text and one with a file it uploads; the firm's staff close one; --json gives the records; a company user may not close.
const INVOICE_PDF = join(import.meta.dirname, '../fixtures/corpora/zugferd_corpus/docs/XML-Rechnung__FX__EN16931_1_Teilrechnung.pdf')

describe('portal requests end to end', () => {
  let server: TestServer
  let staff: Connection
  const dirs: Record<'client' | 'staff', string> = { client: '', staff: '' }
  const env = (who: 'client' | 'staff') => ({ PORTAL_CONFIG_DIR: dirs[who] })

  async function login(who: 'client' | 'staff'): Promise<void> {
    dirs[who] = await mkdtemp(join(tmpdir(), `portal-cli-requests-${who}-`))
    const run = startPortal(['login', '--server', server.url], env(who))
    const [, code] = await run.waitForStderr(/one-time code: (\S+)/)
    const [, url] = await run.waitForStderr(/Open (\S+) in a browser/)
    await approveDeviceCode(url, code, `${who}@demo.portal`, 'portal-demo')
    expect((await run.done).code).toBe(0)
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { WORKER_CONCURRENCY: '0' } })
    staff = await connectAs(server.url, 'staff')
    await Promise.all([login('client'), login('staff')])
  })
  afterAll(async () => {
    staff?.close()
    await server?.close()
    for (const dir of Object.values(dirs)) if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('lists, answers with a text and with a file, and closes', async () => {
    const question = await staff.app.service('document-requests').create({ company_no: 1002, kind: 'question', text: 'Wofür war die Zahlung an Büro Kaiser?', due_date: '2026-04-15' })
    const receipt = await staff.app.service('document-requests').create({ company_no: 1002, text: 'Rechnung Büro Kaiser März', due_date: '2026-04-20' })

    const listed = await runPortal(['requests', 'list'], env('client'))
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain('Wofür war die Zahlung an Büro Kaiser?')
    expect(listed.stdout).toContain('15 Apr 2026')
    const json = await runPortal(['requests', 'list', '--json'], env('client'))
    expect((JSON.parse(json.stdout) as DocumentRequestRecord[]).map((row) => row.id)).toEqual([question.id, receipt.id])

    const answered = await runPortal(['requests', 'answer', String(question.id), '--text', 'Druckerpapier und Toner.'], env('client'))
    expect(answered).toMatchObject({ code: 0 })
    expect(answered.stderr).toContain(`Request ${question.id} answered.`)

    const file = join(dirs.client, 'rechnung-kaiser.pdf')
    await copyFile(INVOICE_PDF, file)
    const uploaded = await runPortal(['requests', 'answer', String(receipt.id), '--file', file, '--json'], env('client'))
    expect(uploaded.code).toBe(0)
    const record = JSON.parse(uploaded.stdout) as DocumentRequestRecord
    expect(record).toMatchObject({ id: receipt.id, status: 'answered', company_no: 1002 })
    expect(record.document_id).toBeGreaterThan(0)

    const refused = await runPortal(['requests', 'close', String(question.id)], env('client'))
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('permission')
    const closed = await runPortal(['requests', 'close', String(question.id)], env('staff'))
    expect(closed).toMatchObject({ code: 0 })
    const all = JSON.parse((await runPortal(['requests', 'list', '--status', 'closed', '--json'], env('client'))).stdout) as DocumentRequestRecord[]
    expect(all.map((row) => [row.id, row.status])).toEqual([[question.id, 'closed']])
  })
})
