import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentHttpPaths } from '../../packages/sdk/src/services/index'
import { purgeExpiredTrash } from '../../packages/server/src/jobs/purge-trash'
import { startTestServer, type TestServer } from '../support/server'
import { signInSession, type UserSession } from '../support/session'

const DAY_MS = 24 * 60 * 60 * 1000
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error)

/** BAO § 132: booked records and their documents are kept at least seven years; no delete path removes them. */
describe('retention of booked documents', () => {
  let server: TestServer
  let staff: UserSession
  let booked: { id: number; sha256: string }[]

  beforeAll(async () => {
    server = await startTestServer({ env: { PORTAL_DEMO_LEDGER: '1' } })
    staff = await signInSession(server.url, 'staff@demo.portal')
    booked = (await server.knex('documents').whereIn('company_no', staff.companies).whereNotNull('booked_at').orderBy('id').limit(2).select('id', 'sha256')) as { id: number; sha256: string }[]
  })
  afterAll(async () => {
    staff?.client.close()
    await server?.close()
  })

  it('refuses to trash a booked document, and keeps a reversed one in the trash past 30 days with the reason', async () => {
    const documents = staff.client.service('documents')
    const trash = staff.client.service('document-trash')
    const [standing, reversedOne] = booked
    const live = await documents.get(standing.id)
    expect(await failure(trash.create({ document_id: standing.id, version: live.version }))).toMatchObject({ code: 409, data: { key: 'documents:bookedCannotChange' } })

    // A reversal makes the document changeable again, but the journal keeps both bookings, so the document stays.
    const before = await documents.get(reversedOne.id)
    const reversed = await staff.client.service('document-bookings').patch(reversedOne.id, { version: before.version, reason: 'retention test' })
    const trashed = await trash.create({ document_id: reversedOne.id, version: reversed.version })
    const lastBooking = (await server.knex('bookings').where({ document_id: reversedOne.id }).max('booking_date as last').first()) as { last: string | Date }
    const year = new Date(lastBooking.last).getFullYear() + 7
    expect(await failure(trash.remove(reversedOne.id))).toMatchObject({ code: 409, data: { key: 'documents:retainedBooked', params: { id: reversedOne.id, year } } })

    const deletedAt = new Date(trashed.deleted_at!)
    expect(await purgeExpiredTrash({ app: server.server.app, now: () => new Date(deletedAt.getTime() + 31 * DAY_MS) })).not.toContain(reversedOne.id)
    expect(await server.knex('documents').where({ id: reversedOne.id }).first('id')).toBeDefined()
    const file = await fetch(`${server.url}${documentHttpPaths.file(reversedOne.id)}`, { headers: { authorization: `Bearer ${staff.token}` } })
    expect(file.status).toBe(200)
    expect(createHash('sha256').update(new Uint8Array(await file.arrayBuffer())).digest('hex')).toBe(reversedOne.sha256.trim())
  })
})
